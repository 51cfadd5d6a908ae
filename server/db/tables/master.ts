// Master data and registration tables (owned by the master-data and registration routes).
export type MasterTables = Record<never, never>;
