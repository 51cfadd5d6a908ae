// The sample pack, the mock-test flags and the course payment's return type are config: a site whose config
// says otherwise gets other behaviour, with no code change.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../tests/fixtures/config-copy';
import { loadConfig } from '../../src/engine/node/validate-config';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { addStudent, gateway, orderBody, postOrder } from './commerce.test-support';

type Json = Record<string, unknown> & { fee: Record<string, number> };
const START = new Date('2026-03-10T06:30:00.000Z');
let copy: ConfigCopy;
let t: TestApp;
beforeAll(async () => {
  copy = copyConfig();
  // The pack under another programme id, at another price and paper count.
  const pack = copy.read<Json>('programmes/sample-pack.json');
  rmSync(path.join(copy.dir, 'programmes/sample-pack.json'));
  copy.write('programmes/paper-pack.json', { ...pack, id: 'paper-pack', fee: { amount: 75, papers: 2 } });
  copy.edit<{ commerce: Record<string, string>; flags: { mockTests: Record<string, boolean> } }>(
    'site.json',
    (site) => {
      site.commerce = { samplePackProgramme: 'paper-pack', courseReturnType: 'shopreturn' };
      site.flags.mockTests = { iACST: false, 'MOCK-NEET': true };
    },
  );
  t = await testApp({ start: START, site: loadConfig(copy.dir) });
});
afterAll(async () => {
  await t.close();
  copy.remove();
});

const dashboard = async (roll: string, dob: string) =>
  (await t.call({ method: 'GET', url: '/api/dashboard', headers: await t.login(roll, dob) })).data
    .data as Record<string, unknown[]>;

describe('commerce and mock tests from config', () => {
  it("sells the configured pack at its programme's price and paper count", async () => {
    const s = await addStudent(t);
    const response = await t.call({
      method: 'GET',
      url: '/api/mock-payment?payment_mode=hdfc&payment_type=exam',
      headers: { authorization: s.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.msg).toContain('(2 papers)');
    expect(response.data.data).toMatchObject({ amount: 75 });
  });

  it('shows the pack to the exam types the flags name, with its configured paper count', async () => {
    expect((await dashboard('250000000014', '15/02/2012')).sample_exam).toEqual([]); // iACST: off here
    const neet = await dashboard('250000000011', '19/01/2007'); // MOCK-NEET: on here
    expect(neet.sample_exam).toHaveLength(1);
    expect(neet.mock_exam).toHaveLength(2);
  });

  it('returns from a course payment with the configured type', async () => {
    const s = await addStudent(t, { class_stream: '11&SOM', branch_code: 'DL001' });
    const response = await postOrder(t, s, orderBody(s));
    expect(response.statusCode, response.body).toBe(200);
    const back = await gateway(t, String((response.data.data as { order_id: string }).order_id), 'pay');
    expect(back.searchParams.get('type')).toBe('shopreturn');
  });
});
