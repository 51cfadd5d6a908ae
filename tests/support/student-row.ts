// A student row for tests that write students directly (insertStudent): an online IACST student
// at the Delhi centre, registered; `overrides` changes what a test is about.
import type { NewStudent } from '../../server/services/registration/signup';

export const studentRow = (mobile: string, overrides: Partial<NewStudent> = {}): NewStudent => ({
  mobile,
  exam_type: 'IACST',
  registration_status: 'registered',
  first_name: 'Roll',
  last_name: null,
  father_name: null,
  email: `${mobile}@example.com`,
  dob: '2009-01-01',
  class_stream: '10',
  board: 'CBSE',
  city: null,
  pincode: null,
  state: null,
  branch_code: 'DL001',
  exam_state_id: '9',
  exam_centre_code: 'DL001',
  exam_centre_id: '1',
  exam_date: null,
  exam_slot_id: '1',
  exam_mode: 'Online',
  is_payment_done: 0,
  utm: null,
  created_at: '2025-04-01T06:00:00.000Z',
  ...overrides,
});
