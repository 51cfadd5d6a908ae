// What the funnel's reporter sends, the server takes: a page's whole visit, posted to a real app as
// navigator.sendBeacon posts it, and the origin it gives the signup (which the server would drop,
// silently, if it did not match: a signup never fails for the funnel). The page is a stand-in lent
// to the reporter as globals (the server harness needs Node's own, so not the jsdom environment).
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import eventsSchema from '../../../schemas/api/funnel-events.schema.json';
import signupSchema from '../../../schemas/api/registration-signup.schema.json';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { funnelOrigin, reportFunnelStep } from '../funnel-channel';
import { memoryStorage } from '../session-store';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

describe('what the funnel reporter sends, the server takes', () => {
  it('stores a whole visit sent as sendBeacon sends it (text/plain), and its signup origin is valid', async () => {
    const beacons: string[] = [];
    const listeners = new Map<string, (event: Event) => void>();
    const dataset = { funnelProgramme: 'iacst', funnelVariant: 'iacst_repeater_neet' };
    vi.stubGlobal('document', { documentElement: { dataset, lang: 'hi' }, querySelector: () => null });
    vi.stubGlobal(
      'location',
      new URL('https://iacst.example.com:8443/neet-repeater-scholarship?utm_source=google&utm_campaign=नीट'),
    );
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('addEventListener', (type: string, listener: (event: Event) => void) =>
      listeners.set(type, listener),
    );
    vi.stubGlobal('dispatchEvent', (event: Event) => listeners.get(event.type)?.(event));
    vi.stubGlobal('navigator', { sendBeacon: (_url: string, body: string) => beacons.push(body) > 0 });
    await import('./funnel');
    // The card's side, through the channel.
    for (const step of ['card_started', 'otp_sent', 'otp_verified', 'details_saved'] as const)
      reportFunnelStep(step);
    listeners.get('pagehide')?.(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/funnel/events',
      payload: beacons[0],
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ recorded: 5 });

    const ajv = new Ajv({ schemas: [eventsSchema, signupSchema], keywords: ['tsType'], strict: false });
    const validOrigin = ajv.getSchema('registration-signup.schema.json#/definitions/funnelOrigin');
    expect(funnelOrigin()).toMatchObject({ host: 'iacst.example.com:8443', locale: 'hi' });
    expect(validOrigin?.(funnelOrigin())).toBe(true);
  });
});
