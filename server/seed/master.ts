import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SeedOptions } from './index';

/** Seeds boards, cities, schools, class-streams, states, centres, slots, dates, coupons, pincodes. */
export async function seedMaster(_db: Kysely<Database>, _options: SeedOptions): Promise<void> {}
