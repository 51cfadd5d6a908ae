import type { Kysely, Migration } from 'kysely';

// Tables for dashboard, courses, orders and payments (see server/db/tables/).
export const m003Commerce: Migration = {
  async up(_db: Kysely<unknown>) {},
};
