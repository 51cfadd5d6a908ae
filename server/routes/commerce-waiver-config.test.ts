// The waiver readings are config (decision 013): a site that reads the third-party '0' as 0 % off
// (site commerce.waiverZero: chargeable) and a programme whose scholarship lowers the tuition fee
// only (scholarship.waives) price the same students differently, with no code change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../tests/fixtures/config-copy';
import { loadConfig } from '../../src/engine/node/validate-config';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { addStudent, coursesUrl } from './commerce.test-support';

const START = new Date('2026-03-10T06:30:00.000Z');
let copy: ConfigCopy;
let t: TestApp;
beforeAll(async () => {
  copy = copyConfig();
  copy.edit<{ commerce: Record<string, string> }>('site.json', (site) => {
    site.commerce = { ...site.commerce, waiverZero: 'chargeable' };
  });
  copy.edit<{ scholarship: Record<string, unknown> }>('programmes/iacst.json', (programme) => {
    programme.scholarship = { ...programme.scholarship, waives: ['Tuition Fee'] };
  });
  t = await testApp({ start: START, site: loadConfig(copy.dir) });
});
afterAll(async () => {
  await t.close();
  copy.remove();
});

type Course = { total_fee: number; registration_fees: number; price_breakup: Record<string, unknown> };

describe('waiver readings from config', () => {
  it("waiverZero 'chargeable': a third-party '0' charges the component in full", async () => {
    const s = await addStudent(t, { class_stream: '11&SOE' });
    await t.db
      .insertInto('commerce_fee_waivers')
      .values({
        roll_number: s.roll_number,
        admfee: '0',
        tuitionfee: 'Chargeable',
        technology_examination_fee: '0',
        classroom_service: 'Chargeable',
        updated_at: START.toISOString(),
      })
      .execute();
    const reply = await t.call({
      method: 'GET',
      url: coursesUrl(s),
      headers: { authorization: s.authorization },
    });
    const [course] = reply.data.data as Course[];
    expect(course?.total_fee).toBe(199000);
    expect(course?.price_breakup['Admission Kit & Digital Access']).toEqual({
      key: 'Admission Kit & Digital Access',
      value: 15000,
      strike_value: null,
    });
  });

  it('scholarship.waives [Tuition Fee]: the IC006 student’s 75% lowers the tuition only', async () => {
    const headers = await t.login('250000000008', '11/12/2010');
    const d = (await t.call({ method: 'GET', url: '/api/dashboard', headers })).data.data as Record<
      string,
      string
    >;
    expect(d.scholarship_percentage).toBe('75');
    const url = `/api/courses/10/SOF/IC006/250000000008/9000000008`;
    const [course] = (await t.call({ method: 'GET', url, headers })).data.data as Course[];
    // 1,000 + 8,000 + (30,000 − 22,500) + 6,000
    expect(course).toMatchObject({ total_fee: 22500, registration_fees: 22500 });
  });
});
