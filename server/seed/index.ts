// Seed data: the reference data every server needs (master lists, courses, papers) and, only while
// the sandbox is on, the demo students that show every dashboard state (their dates of birth are
// public, so a production server must never hold them). Each part runs once, in one transaction.
import type { Db } from '../db/database';
import { seedCommerce } from './commerce';
import { DEMO_ID_PREFIX, seedDemoStudents } from './demo-students';
import { seedExams } from './exams';
import { seedMaster } from './master';
import type { SeedOptions } from './seed-options';

export interface SeedRun extends SeedOptions {
  /** Seed the demo students too (the sandbox is on). */
  demo: boolean;
}

/** Whether the database holds the demo students (any of them). */
export async function hasDemoStudents(db: Db): Promise<boolean> {
  const any = await db
    .selectFrom('students')
    .select('id')
    .where('id', 'like', `${DEMO_ID_PREFIX}%`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(any);
}

/** Seeds what is missing: the reference data on an empty database, the demo students when asked. */
export async function seedIfEmpty(db: Db, options: SeedRun): Promise<{ reference: boolean; demo: boolean }> {
  const reference = !(await db.selectFrom('exam_papers').select('code').limit(1).executeTakeFirst());
  const demo = options.demo && !(await hasDemoStudents(db));
  if (!reference && !demo) return { reference, demo };
  await db.transaction().execute(async (trx) => {
    if (reference) {
      await seedMaster(trx, options);
      await seedCommerce(trx, options);
      await seedExams(trx, options);
    }
    if (demo) {
      await seedDemoStudents(trx, options);
    }
  });
  return { reference, demo };
}
