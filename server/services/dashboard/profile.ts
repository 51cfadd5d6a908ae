// The profile (part 2 §3 "Profile"): the core student row with the booking and profile edits on top.
import { splitClassStream } from '../../../src/domain/class-stream';
import { toDdMmYyyy } from '../../../src/domain/dates';
import type { Profile } from '../../../src/generated/api/profile';
import type { ProfileUpdateBody } from '../../../src/generated/api/profile-update';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext, Student } from '../../context';
import { prepared } from '../../db/prepared';
import { centreById, centreLabel, centreValue } from '../master/centres';
import { slotOf } from '../exams/programme';
import { examTaken, loadExamContext, stateOf, type ExamContext } from '../exams/sittings';
import { dateLabel, timeLabel } from '../exams/time';
import { iso } from '../../timestamps';

/** The names behind the profile's ids (city, school, class&stream, state), in one query. */
const namesOf = prepared((db, arg) =>
  db
    .selectNoFrom((eb) => [
      eb.selectFrom('cities').select('tid').where('name', '=', arg(0)).orderBy('tid').limit(1).as('city_tid'),
      eb.selectFrom('schools').select('full_school_name').where('school_code', '=', arg(1)).as('school_name'),
      eb
        .selectFrom('class_streams')
        .select('id')
        .where('class', '=', arg(2))
        .where('stream', '=', arg(3))
        .as('class_stream_id'),
      eb
        .selectFrom('class_streams')
        .select('display_name')
        .where('class', '=', arg(2))
        .where('stream', '=', arg(3))
        .as('class_stream_name'),
      eb.selectFrom('states').select('state_name').where('tid', '=', arg(4)).as('state_name'),
    ])
    .compile(),
);

export async function buildProfile(ctx: AppContext, student: Student, ec?: ExamContext): Promise<Profile> {
  ec ??= await loadExamContext(ctx, student);
  const { booking, state, programme } = ec;
  const { db } = ctx;
  const { klass, stream } = splitClassStream(booking.class_stream);
  const city = state.student_city ?? student.city ?? '';
  const schoolId = state.school_id ?? student.school_id ?? '';
  const [[names], centre] = await Promise.all([
    namesOf(db, city, schoolId, klass, stream, booking.exam_state_id ?? ''),
    booking.exam_centre_id ? centreById(ctx, booking.exam_centre_id) : undefined,
  ]);
  const slot = slotOf(programme, booking.exam_slot_id);
  const slotMatches = slot.mode === booking.exam_mode;
  const taken = examTaken(ec);
  return {
    student_firstname: student.first_name,
    student_lastname: student.last_name ?? '',
    father_name: student.father_name ?? '',
    roll_number: student.roll_number,
    student_psid: student.psid,
    classtream: booking.class_stream,
    mobile_number: student.mobile,
    email: student.email,
    student_dob: toDdMmYyyy(student.dob),
    exam_type: student.exam_type,
    exam_board: state.school_board ?? student.board,
    student_city: city,
    student_city_value: names?.city_tid ?? '',
    school_name: names?.school_name ?? state.school_name ?? '',
    school_id: schoolId,
    branch_code: student.branch_code,
    class: klass,
    stream,
    class_stream_id: names?.class_stream_id ?? '',
    class_stream_name: names?.class_stream_name ?? booking.class_stream,
    exam_state: names?.state_name ?? '',
    exam_state_id: booking.exam_state_id ?? '',
    exam_center: centre ? centreValue(centre) : '',
    exam_center_id: booking.exam_centre_id ?? '',
    center_name: centre ? centreLabel(centre.name) : '',
    exam_date: booking.exam_date ? dateLabel(booking.exam_date) : '',
    exam_date_id: booking.exam_date ?? '',
    exam_mode_and_slot: slotMatches
      ? slot.label
      : `${booking.exam_mode}, ${timeLabel(slot.start)} to ${timeLabel(slot.end)}`,
    // The booked mode as a code: the edit-exam flow starts from it, never from the label above.
    exam_mode: booking.exam_mode,
    // The booked slot when it is one of the booked mode's (the edit form keeps it); else none.
    exam_slot_id: slotMatches ? slot.id : '',
    exam_location: booking.exam_mode === 'Offline' ? (centre?.address ?? '') : 'Online',
    exam_attempts_left: booking.exam_attempts_left,
    max_exam_edit_allowed: student.max_exam_edit_allowed,
    is_edit_allowed: student.is_edit_allowed === 1 && !taken,
    // The registration's payment alone (the offline fee is the field below).
    is_payment_done: student.is_payment_done === 1,
    // The one field a switch-to-offline fee is decided by, on both sides (offlineFeeDue).
    offline_fee_paid: booking.offline_fee_paid === 1,
    is_offline_sf_exam_date: booking.is_offline_sf_exam_date === 1,
    register_from_third_party: student.register_from_third_party === 1,
    remove_edit_exam_edit_profile: student.remove_edit_exam_edit_profile === 1,
    exam_taken: taken,
    exam_date_skip: ec.main?.state === 'missed',
    sf_id: student.sf_id,
  };
}

/** Changes the profile's city, school board and school; a 400 names the first that is not known. */
export async function updateProfile(
  ctx: AppContext,
  student: Student,
  { student_city, school_board, school_id }: ProfileUpdateBody,
): Promise<void> {
  const { db } = ctx;
  const city = await db
    .selectFrom('cities')
    .select(['tid', 'name'])
    .where('name', '=', student_city.trim())
    .orderBy('tid')
    .executeTakeFirst();
  if (!city) throw new ApiError(400, message('profile.city'));
  const board = await db
    .selectFrom('exam_boards')
    .select('name')
    .where('name', '=', school_board.trim())
    .executeTakeFirst();
  if (!board) throw new ApiError(400, message('profile.board'));
  const school = await db
    .selectFrom('schools')
    .select(['school_code', 'full_school_name', 'city_tid'])
    .where('school_code', '=', school_id)
    .executeTakeFirst();
  if (!school || school.city_tid !== city.tid) throw new ApiError(400, message('profile.school'));
  await stateOf(ctx, student.id);
  await db
    .updateTable('exam_student_state')
    .set({
      student_city: city.name,
      school_board: board.name,
      school_id: school.school_code,
      school_name: school.full_school_name,
      updated_at: iso(ctx.now()),
    })
    .where('student_id', '=', student.id)
    .execute();
}
