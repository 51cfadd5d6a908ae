import type { Kysely, Migration } from 'kysely';

// Tables for test launches, attempts and results (see server/db/tables/).
export const m004Exams: Migration = {
  async up(_db: Kysely<unknown>) {},
};
