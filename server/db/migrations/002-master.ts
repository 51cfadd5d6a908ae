import type { Kysely, Migration } from 'kysely';

// Tables for master data and registration (see server/db/tables/).
export const m002Master: Migration = {
  async up(_db: Kysely<unknown>) {},
};
