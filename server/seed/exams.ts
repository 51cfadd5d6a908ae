import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SeedOptions } from './index';

/** Seeds papers, attempts and results of the demo students. */
export async function seedExams(_db: Kysely<Database>, _options: SeedOptions): Promise<void> {}
