// An exam slot's mode is data on the slot, not read from its label: a label in any
// wording (here Hindi, naming no mode) keeps the slot's mode in the list and in signup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../tests/fixtures/config-copy';
import { loadConfig } from '../../src/engine/node/validate-config';
import { testApp, type TestApp, iacstSignupBody } from '../../tests/support/server-harness';

type Programme = { schedule: { slots: { label: string; mode: string }[] } };
const START = new Date('2025-04-01T06:00:00Z');
let copy: ConfigCopy;
let t: TestApp;
beforeAll(async () => {
  copy = copyConfig();
  copy.edit<Programme>('programmes/iacst.json', (p) => {
    for (const slot of p.schedule.slots) slot.label = 'सुबह 9 बजे से रात 10 बजे तक, कभी भी';
  });
  t = await testApp({ start: START, site: loadConfig(copy.dir) });
});
afterAll(async () => {
  await t.close();
  copy.remove();
});

describe('exam slot mode', () => {
  it('comes from the slot, whatever its label says', async () => {
    const slots = await t.call({ method: 'GET', url: '/api/exam/slots?exam_type=iACST' });
    expect(slots.data.data).toEqual([
      expect.objectContaining({ name: 'सुबह 9 बजे से रात 10 बजे तक, कभी भी', mode: 'Online' }),
      expect.objectContaining({ name: 'सुबह 9 बजे से रात 10 बजे तक, कभी भी', mode: 'Offline' }),
    ]);

    const mobile = '9844400001';
    t.clock.advance(46_000);
    await t.call({ method: 'POST', url: `/api/otp/send?mobile=${mobile}&exam_type=iACST` });
    const { data: sms } = await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` });
    const otp = (sms as unknown as { otp: string }[])[0]?.otp ?? '';
    const verified = await t.call({
      method: 'POST',
      url: `/api/otp/verify?mobile_no=${mobile}&otp=${otp}&exam_type=iACST`,
    });
    const signup = await t.call({
      method: 'POST',
      url: '/api/signup',
      headers: { 'x-registration-token': String(verified.data.registration_token) },
      payload: iacstSignupBody(mobile),
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const student = await t.db
      .selectFrom('students')
      .select(['exam_mode', 'exam_slot_id'])
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(student).toEqual({ exam_mode: 'Online', exam_slot_id: 'online-9am-10pm' });
    // The profile shows the slot's own label, as it matches the booked mode.
    const roll = String((signup.data.data as { roll_number: string }).roll_number);
    const profile = await t.call({
      method: 'GET',
      url: '/api/profile',
      headers: await t.login(roll, '15/08/2011'),
    });
    // A label that names no mode: the booked mode travels as a code beside it (decision 026).
    expect(profile.data.data).toMatchObject({
      exam_mode_and_slot: 'सुबह 9 बजे से रात 10 बजे तक, कभी भी',
      exam_mode: 'Online',
      exam_slot_id: 'online-9am-10pm',
    });
  });
});
