// The analytics module against the real server: events named from the programme config reach
// POST /api/analytics and are stored; every failure is logged and swallowed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import iacst from '../../config/programmes/iacst.json';
import iat from '../../config/programmes/iat.json';
import mockJee from '../../config/programmes/mock-jee.json';
import mockNeet from '../../config/programmes/mock-neet.json';
import type { AnalyticsListReply } from '../generated/api/analytics-list';
import type { Programme } from '../generated/config/programme';
import { testApp, type TestApp } from '../../tests/support/server-harness';
import { ApiRequestError } from '../api/client';
import { apiAnalyticsSink, createAnalytics, paymentStatusEvent } from './analytics';

let t: TestApp;
let baseUrl = '';
beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => t.close());

async function stored(name: string): Promise<AnalyticsListReply> {
  const reply = await t.call({ method: 'GET', url: `/sandbox/analytics?name=${name}` });
  return reply.data as unknown as AnalyticsListReply;
}

const programmes = [iacst, iat, mockJee, mockNeet] as Pick<Programme, 'examType' | 'analytics'>[];

describe('analytics', () => {
  it.each(programmes.map((p) => [p.examType, p] as const))(
    '%s: events are named from the config prefix and stored by the server',
    async (_examType, programme) => {
      const log = vi.fn();
      const analytics = createAnalytics({ programme, sink: apiAnalyticsSink({ baseUrl }), log });
      const landing = `${programme.analytics.eventPrefix}_register_now_landing`;
      expect(analytics.eventName('register_now_landing')).toBe(landing);
      await analytics.track('register_now_landing', { path: '/iacstexam', step: 1 });
      await analytics.track('apply_for_selection');
      const [event] = await stored(landing);
      expect(event).toMatchObject({
        name: landing,
        exam_type: programme.examType,
        payload: { path: '/iacstexam', step: 1 },
      });
      expect(await stored(`${programme.analytics.eventPrefix}_apply_for_selection`)).toHaveLength(1);
      expect(log).not.toHaveBeenCalled();
    },
  );

  it('names the payment status events', async () => {
    const analytics = createAnalytics({
      programme: mockNeet as Programme,
      sink: apiAnalyticsSink({ baseUrl }),
    });
    // The spec's own name for a failed payment (part 1 §7: {exam}7_payment_status_failure).
    expect(analytics.eventName(paymentStatusEvent('failure'))).toBe('mock_neet7_payment_status_failure');
    expect(analytics.eventName(paymentStatusEvent('success'))).toBe('mock_neet_payment_status_success');
    await analytics.track(paymentStatusEvent('failure'), { mobile_no: '98XXXXXX01' });
    expect((await stored('mock_neet7_payment_status_failure'))[0]?.payload).toEqual({
      mobile_no: '98XXXXXX01',
    });
  });

  it('never throws into the flow: a refused event, an unreachable server and a throwing sink are logged', async () => {
    const log = vi.fn();
    // The server refuses an exam type it does not know (400) and a payload over 2 KB (413).
    const unknown = createAnalytics({
      programme: { examType: 'iACST', analytics: { eventPrefix: 'iacst', paymentFailureEvent: false } },
      sink: (event) => apiAnalyticsSink({ baseUrl })({ ...event, exam_type: 'NOPE' }),
      log,
    });
    await expect(unknown.track('otp_sent')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('examflow analytics: could not send "iacst_otp_sent"');
    const refused = log.mock.calls[0]?.[1] as ApiRequestError;
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused.status).toBe(400);

    const big = createAnalytics({ programme: iacst as Programme, sink: apiAnalyticsSink({ baseUrl }), log });
    await expect(big.track('otp_sent', { blob: 'x'.repeat(3000) })).resolves.toBeUndefined();
    expect((log.mock.calls[1]?.[1] as ApiRequestError).status).toBe(413);

    const down = createAnalytics({
      programme: iacst as Programme,
      sink: apiAnalyticsSink({ baseUrl: 'http://127.0.0.1:1' }),
      log,
    });
    await expect(down.track('otp_sent')).resolves.toBeUndefined();
    expect((log.mock.calls[2]?.[1] as ApiRequestError).status).toBe(0);

    const throwing = createAnalytics({
      programme: iacst as Programme,
      sink: () => {
        throw new Error('tracker script blocked');
      },
      log,
    });
    await expect(throwing.track('otp_sent')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(4);
    expect(await stored('iacst_otp_sent')).toEqual([]);
  });

  it('drops, and reports, an event whose prefix the server would refuse', async () => {
    const log = vi.fn();
    const sink = vi.fn(async () => undefined);
    const analytics = createAnalytics({
      programme: { examType: 'iACST', analytics: { eventPrefix: 'Bad-Prefix', paymentFailureEvent: false } },
      sink,
      log,
    });
    await analytics.track('otp_sent');
    expect(sink).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      'examflow analytics: dropped "Bad-Prefix_otp_sent" (not a valid event name)',
    );
  });

  it('logs with console.warn by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const analytics = createAnalytics({
      programme: iacst as Programme,
      sink: async () => Promise.reject(new Error('offline')),
    });
    await analytics.track('login_failure');
    expect(warn).toHaveBeenCalledWith(
      'examflow analytics: could not send "iacst_login_failure"',
      expect.any(Error),
    );
  });
});
