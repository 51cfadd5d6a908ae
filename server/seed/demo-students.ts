// The demo students (server/seed/demo-students.json): one per state the dashboard must show.
import type { Kysely } from 'kysely';
import { parseDob } from '../../src/domain/dates';
import type { Database } from '../db/schema';
import demo from './demo-students.json' with { type: 'json' };
import type { SeedOptions } from './index';

export interface DemoStudent {
  roll_number: string;
  /** DD/MM/YYYY */
  dob: string;
  exam_type: string;
  mobile: string;
  email: string;
  first_name: string;
  last_name?: string;
  class_stream: string;
  /** What logging in as this student shows. */
  shows: string;
}

export const demoStudents: DemoStudent[] = demo;

export async function seedDemoStudents(db: Kysely<Database>, { now }: SeedOptions): Promise<void> {
  for (const [i, s] of demoStudents.entries()) {
    const dob = parseDob(s.dob);
    if (!dob) throw new Error(`demo-students.json: bad dob ${s.dob}`);
    await db
      .insertInto('students')
      .values({
        id: `demo-${s.roll_number}`,
        roll_number: s.roll_number,
        psid: `PS${s.roll_number.slice(-8)}`,
        sf_id: `demo-sf-${String(i + 1).padStart(4, '0')}`,
        registration_status: 'registered',
        first_name: s.first_name,
        last_name: s.last_name ?? null,
        father_name: null,
        mobile: s.mobile,
        email: s.email,
        dob,
        exam_type: s.exam_type,
        class_stream: s.class_stream,
        board: 'CBSE',
        city: 'New Delhi',
        pincode: '110001',
        state: 'Delhi',
        school_id: null,
        branch_code: 'DL001',
        exam_state_id: null,
        exam_centre: null,
        exam_date: new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10),
        exam_slot_id: null,
        exam_mode: 'Online',
        is_payment_done: 0,
        register_from_third_party: 0,
        max_exam_edit_allowed: 2,
        exam_attempts_left: 2,
        is_edit_allowed: 1,
        remove_edit_exam_edit_profile: 0,
        utm: null,
        created_at: now.toISOString(),
      })
      .execute();
  }
}
