// Dashboard, courses, orders and the payment gateway's records.
export type CommerceTables = Record<never, never>;
