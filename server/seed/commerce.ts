import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SeedOptions } from './index';

/** Seeds branches, courses and price breakups, waivers, videos. */
export async function seedCommerce(_db: Kysely<Database>, _options: SeedOptions): Promise<void> {}
