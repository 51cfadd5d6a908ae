// Seed data: master data and the demo students that show every dashboard state. Runs on an empty
// database (first start, db:reset, tests), inside one transaction.
import type { Db } from '../db/database';
import { seedCommerce } from './commerce';
import { seedDemoStudents } from './demo-students';
import { seedExams } from './exams';
import { seedMaster } from './master';

export interface SeedOptions {
  now: Date;
}

export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const any = await db.selectFrom('students').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await db.transaction().execute(async (trx) => {
    await seedMaster(trx, options);
    await seedCommerce(trx, options);
    await seedDemoStudents(trx, options);
    await seedExams(trx, options);
  });
  return true;
}
