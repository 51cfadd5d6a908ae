import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyMachineSnapshot } from 'xstate';
import { OTP_LENGTH, RESEND_DELAY_MS } from '../domain/otp-rules';
import { answeredWith, refusal } from '../api/client.test-support';
import { sendRegistrationOtp } from '../api/endpoints/otp-send';
import { verifyRegistrationOtp } from '../api/endpoints/otp-verify';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import { serverErrorCode } from './server-error';
import {
  codeEntryView,
  createVerifyMobileMachine,
  type CheckCodeInput,
  type SendCodeInput,
  type SentCode,
  type VerifyMobileContext,
  type VerifyMobileInput,
} from './verify-mobile-machine';

interface Reply {
  token: string;
}
const verifyMobileMachine = createVerifyMobileMachine<Reply>();
const sent: SentCode = { sentTo: '90******01', otpId: 'otp-1' };
const apiError = (msg: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(msg), { status: 400, body: { success: 'false', msg, ...extra } });
const delays = { resendDelay: RESEND_DELAY_MS };
const input: VerifyMobileInput = { to: '9000000001', page: 'iACST' };

type Snapshot = Parameters<typeof codeEntryView>[0] & { status: string };

/**
 * What the student sees after each event (the view model both screens render), from the spec:
 * the code verifies when its fourth digit arrives, error_code 1 empties the boxes and moves focus
 * back, a new code is offered only after the delay, and a failed first send ends the flow.
 */
function expectCodeEntry(step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void {
  const after = codeEntryView(actual as unknown as Snapshot);
  const before = codeEntryView(previous as unknown as Snapshot);
  const event = step.event as { type: string; value?: string; error?: unknown };
  switch (event.type) {
    case 'otp.change': {
      const typed = (event.value ?? '').replace(/\D/g, '').slice(0, OTP_LENGTH);
      expect(after.shown).toBe(true);
      expect(after.value).toBe(typed);
      expect(after.error).toBeUndefined();
      expect(after.busy).toBe(typed.length === OTP_LENGTH);
      break;
    }
    case 'otp.submit':
      expect(after.busy).toBe(before.canSubmit);
      break;
    case 'otp.resend':
      expect(before.busy).toBe(false);
      expect(after.busy).toBe(before.canResend);
      break;
    case 'xstate.done.actor.sendCode':
      expect(after).toMatchObject({
        shown: true,
        value: '',
        error: undefined,
        busy: false,
        canResend: false,
      });
      break;
    case 'xstate.error.actor.sendCode':
      // The first send failing ends the flow (the parent shows why), unless a code went moments
      // ago (error_code 2): its boxes show. A resend failing says so here.
      if (before.shown) expect(after.error?.key).toBe('validation.somethingWrong');
      else if (serverErrorCode(event.error) === 2)
        expect(after).toMatchObject({
          shown: true,
          value: '',
          canResend: false,
          sentElsewhere: true,
        });
      else expect((actual as unknown as Snapshot).status).toBe('done');
      break;
    case 'xstate.done.actor.checkCode':
      expect(after.shown).toBe(false);
      expect((actual as unknown as Snapshot).status).toBe('done');
      break;
    case 'xstate.error.actor.checkCode': {
      const wrong = serverErrorCode(event.error) === 1;
      expect(after.busy).toBe(false);
      expect(after.value).toBe(wrong ? '' : before.value);
      expect(after.error?.key).toBe(wrong ? 'validation.otp.invalid' : 'validation.somethingWrong');
      expect(after.focusKey).toBe(wrong ? (before.focusKey ?? 0) + 1 : before.focusKey);
      break;
    }
    default:
      // After the delay a new code is offered, unless a code is being checked right now.
      if (event.type.startsWith('xstate.after.')) expect(after.canResend).toBe(!after.busy);
  }
}

describe('verify-mobile machine: model', () => {
  it('takes every transition and reaches every state, sending itself or after the parent sent', async () => {
    // The resend wait's deadline is a time of day: one fixed clock for the model and its replays.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-06T10:00:00Z') });
    onTestFinished(() => void vi.useRealTimers());
    const calls = new PendingCalls();
    const machine = verifyMobileMachine.provide({
      actors: {
        sendCode: calls.actor<SentCode, SendCodeInput>('sendCode'),
        checkCode: calls.actor<Reply, CheckCodeInput>('checkCode'),
      },
      delays,
    });
    const events = [
      { type: 'otp.change', value: '12' },
      { type: 'otp.change', value: '1234' },
      { type: 'otp.submit' },
      { type: 'otp.resend' },
      { type: 'verify.resumed' },
      { type: 'xstate.done.actor.sendCode', output: sent },
      { type: 'xstate.error.actor.sendCode', error: apiError('Please wait 30 seconds') },
      {
        type: 'xstate.error.actor.sendCode',
        error: apiError('Please wait 30 seconds', { error_code: 2, data: { resend_in: 30 } }),
      },
      { type: 'xstate.done.actor.checkCode', output: { token: 't' } },
      { type: 'xstate.error.actor.checkCode', error: apiError('Invalid OTP', { error_code: 1 }) },
      { type: 'xstate.error.actor.checkCode', error: apiError('OTP expired') },
    ];
    const project = (c: VerifyMobileContext) => ({
      code: c.code.length,
      error: c.error?.key,
      wrong: Math.min(c.wrongCodes, 1),
      sent: c.sentTo !== '',
    });
    const coverage = emptyCoverage();
    const counts: number[] = [];
    for (const start of [input, { ...input, sent }]) {
      const paths = transitionCoverPaths({
        machine,
        input: start,
        events,
        project: (c) => project(c as VerifyMobileContext),
      });
      counts.push(paths.length);
      for (const path of paths)
        await replayPath(path, {
          machine,
          input: start,
          calls,
          delays,
          coverage,
          expectView: expectCodeEntry,
        });
    }
    console.log(`verify-mobile machine: ${counts.join(' + ')} model paths`);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });
});

function run(
  options: { send?: () => Promise<SentCode>; check?: (i: CheckCodeInput) => Promise<Reply> } = {},
) {
  const sendCode = vi.fn(options.send ?? (async () => sent));
  const checkCode = vi.fn(options.check ?? (async () => ({ token: 't' })));
  const codeSent = vi.fn();
  const clock = new SimulatedClock();
  const machine = verifyMobileMachine.provide({
    actors: {
      sendCode: fromPromise<SentCode, SendCodeInput>(() => sendCode()),
      checkCode: fromPromise<Reply, CheckCodeInput>(({ input: i }) => checkCode(i)),
    },
    actions: { codeSent: (_, params) => codeSent(params) },
  });
  const actor = createActor(machine, { input, clock }).start();
  return { actor, clock, sendCode, checkCode, codeSent };
}

describe('verify-mobile machine: rules', () => {
  it('sends, then verifies by itself when the fourth digit arrives, never before', async () => {
    const { actor, checkCode, codeSent } = run();
    await waitFor(actor, (s) => s.matches('codeEntry'));
    expect(codeSent).toHaveBeenCalledWith(sent);
    actor.send({ type: 'otp.change', value: '123' });
    expect(actor.getSnapshot().matches({ codeEntry: { code: 'editing' } })).toBe(true);
    actor.send({ type: 'otp.change', value: '12345' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(checkCode).toHaveBeenCalledWith({ to: '9000000001', page: 'iACST', code: '1234', otpId: 'otp-1' });
    expect(checkCode.mock.calls[0]?.[0].code).toHaveLength(OTP_LENGTH);
    expect(done.output).toEqual({ status: 'verified', reply: { token: 't' }, code: '1234', otpId: 'otp-1' });
  });

  it('takes as many digits as the send says (site config otp.length): six, and the view has six boxes', async () => {
    const { actor, checkCode } = run({ send: async () => ({ ...sent, codeLength: 6 }) });
    await waitFor(actor, (s) => s.matches('codeEntry'));
    expect(codeEntryView(actor.getSnapshot()).length).toBe(6);
    actor.send({ type: 'otp.change', value: '1234' });
    expect(actor.getSnapshot().matches({ codeEntry: { code: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'otp.submit' })).toBe(false);
    actor.send({ type: 'otp.change', value: '1234567' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(checkCode.mock.calls[0]?.[0].code).toBe('123456');
  });

  it('ends as not sent, with the server text, when the first send fails', async () => {
    const { actor } = run({
      send: async () => {
        throw apiError('Too many OTP requests');
      },
    });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({
      status: 'notSent',
      error: { key: 'validation.somethingWrong', server: 'Too many OTP requests' },
    });
  });

  it('a code sent moments ago (error_code 2, another tab) shows its boxes and the wait left; the code verifies', async () => {
    const { actor, checkCode, codeSent } = run({
      send: async () => {
        throw Object.assign(
          apiError('Please wait 30 seconds before asking for a new OTP.', {
            error_code: 2,
            data: { resend_in: 30, otp_length: 6 },
          }),
          { status: 429 },
        );
      },
    });
    await waitFor(actor, (s) => s.matches('codeEntry'));
    const { context } = actor.getSnapshot();
    expect(context.error).toBeUndefined();
    expect(codeEntryView(actor.getSnapshot()).sentElsewhere).toBe(true);
    expect(context.resendWaitSeconds).toBe(30);
    expect(codeEntryView(actor.getSnapshot()).length).toBe(6);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    // Not a new code: nothing counts it as sent.
    expect(codeSent).not.toHaveBeenCalled();
    actor.send({ type: 'otp.change', value: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(checkCode).toHaveBeenCalledWith({ to: '9000000001', page: 'iACST', code: '123456', otpId: '' });
  });

  it("takes a 200 whose body says success 'false' as a failed send or check, with the server's msg", async () => {
    // The registration card's wiring (registration-card.tsx): the send answers the masked number.
    const notSent = run({
      send: async () => {
        const reply = await answeredWith(refusal('This number cannot receive an OTP now.'), (o) =>
          sendRegistrationOtp({ mobile: '9000000001', exam_type: 'iACST' }, o),
        );
        return { sentTo: reply.data.mobile_no, otpId: '' };
      },
    });
    const done = await waitFor(notSent.actor, (s) => s.status === 'done');
    expect(done.output).toEqual({
      status: 'notSent',
      error: { key: 'validation.somethingWrong', server: 'This number cannot receive an OTP now.' },
    });
    // The check: the code boxes say it, and the number is not verified.
    const refused = run({
      check: (i) =>
        answeredWith(refusal('This OTP has expired. Please ask for a new one.'), (o) =>
          verifyRegistrationOtp({ mobile_no: i.to, otp: i.code, exam_type: i.page }, o),
        ).then((reply): Reply => ({ token: reply.registration_token })),
    });
    await waitFor(refused.actor, (s) => s.matches('codeEntry'));
    refused.actor.send({ type: 'otp.change', value: '1234' });
    await waitFor(refused.actor, (s) => s.context.error !== undefined);
    expect(refused.actor.getSnapshot().status).toBe('active');
    expect(refused.actor.getSnapshot().context.error).toEqual({
      key: 'validation.somethingWrong',
      server: 'This OTP has expired. Please ask for a new one.',
    });
  });

  it('empties the boxes on error_code 1 (and counts it, for refocus), keeps the code otherwise', async () => {
    const wrong = run({
      check: async () => {
        throw apiError('Invalid OTP', { error_code: 1 });
      },
    });
    await waitFor(wrong.actor, (s) => s.matches('codeEntry'));
    wrong.actor.send({ type: 'otp.change', value: '1234' });
    await waitFor(wrong.actor, (s) => s.context.error !== undefined);
    expect(wrong.actor.getSnapshot().context).toMatchObject({
      code: '',
      wrongCodes: 1,
      error: { key: 'validation.otp.invalid', server: 'Invalid OTP' },
    });

    const expired = run({
      check: async () => {
        throw new Error('offline');
      },
    });
    await waitFor(expired.actor, (s) => s.matches('codeEntry'));
    expired.actor.send({ type: 'otp.change', value: '1234' });
    await waitFor(expired.actor, (s) => s.context.error !== undefined);
    expect(expired.actor.getSnapshot().context).toMatchObject({
      code: '1234',
      wrongCodes: 0,
      error: { key: 'validation.somethingWrong' },
    });
    // The same full code may be sent again.
    expect(expired.actor.getSnapshot().can({ type: 'otp.submit' })).toBe(true);
  });

  it('offers a new code 45 s after the last one, not before, and restarts the wait', async () => {
    // The wall clock stands still (the wait is kept as a Date.now() instant, timed on the simulated clock).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const { actor, clock, sendCode } = run();
    await waitFor(actor, (s) => s.matches('codeEntry'));
    clock.increment(RESEND_DELAY_MS - 1);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(true);
    actor.send({ type: 'otp.resend' });
    await waitFor(actor, (s) => s.matches({ codeEntry: { resend: 'waiting' } }));
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
  });

  it('offers no new code while a code is being checked (the check is not dropped)', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { actor, clock, sendCode } = run({
      check: () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    await waitFor(actor, (s) => s.matches('codeEntry'));
    clock.increment(RESEND_DELAY_MS);
    actor.send({ type: 'otp.change', value: '1234' });
    expect(actor.getSnapshot().matches({ codeEntry: { code: 'verifying' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    actor.send({ type: 'otp.resend' });
    expect(sendCode).toHaveBeenCalledTimes(1);
    answer({ token: 't' });
    expect((await waitFor(actor, (s) => s.status === 'done')).output).toMatchObject({ status: 'verified' });
  });

  it('starts at code entry when the parent already sent the code', () => {
    const actor = createActor(verifyMobileMachine, { input: { ...input, sent } }).start();
    expect(actor.getSnapshot().matches({ codeEntry: { code: 'editing', resend: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ sentTo: sent.sentTo, otpId: sent.otpId });
    actor.stop();
  });
});
