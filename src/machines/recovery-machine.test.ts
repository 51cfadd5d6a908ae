import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  waitFor,
  type AnyMachineSnapshot,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import type { RecoverOtpBody, RecoverOtpReply } from '../generated/api/recover-otp';
import type { RecoverVerifyBody, RecoverVerifyReply } from '../generated/api/recover-verify';
import { recoveryKeeping, wakeResumedRecovery } from './recovery-resume';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import { RESEND_DELAY_MS } from '../domain/otp-rules';
import { recoveryView } from '../features/recovery/recovery-view';
import {
  recoveryMachine,
  recoveryVerifyMachine,
  type RecoveryContext,
  type RecoveryMachine,
} from './recovery-machine';
import type { CheckCodeInput, SendCodeInput, SentCode, VerifyOutcome } from './verify-mobile-machine';
import { answeredWith, refusal } from '../api/client.test-support';
import { requestRecoveryOtp } from '../api/endpoints/recover-otp';
import { verifyRecoveryOtp } from '../api/endpoints/recover-verify';

const mobileReply: RecoverOtpReply = {
  success: 'true',
  msg: 'OTP sent',
  data: { is_mobile: true, otp_id: 'otp-1', email: 'an****@example.com', mobile_number: '90******01' },
};
const rollReply: RecoverOtpReply = {
  success: 'true',
  msg: 'Details sent',
  data: { is_mobile: false, otp_id: '', email: 'an****@example.com', mobile_number: '90******01' },
};
const verifyReply: RecoverVerifyReply = {
  success: 'true',
  msg: 'Verified',
  data: {
    email: 'an****@example.com',
    mobile_number: '90******01',
    roll_number: '250000000001',
    dob: '05-01-2008',
  },
};
const apiError = (msg: string) =>
  Object.assign(new Error(msg), { status: 400, body: { success: 'false', msg } });
const delays = { resendDelay: RESEND_DELAY_MS };
const verifiedOutcome: VerifyOutcome<RecoverVerifyReply> = {
  status: 'verified',
  reply: verifyReply,
  code: '1234',
  otpId: 'otp-2',
};
const notSentOutcome = {
  status: 'notSent' as const,
  error: { key: 'validation.somethingWrong' as const, server: 'Too many OTP requests' },
} satisfies VerifyOutcome<RecoverVerifyReply>;
/** The verify-mobile child as a black box in the parent's model: it ends with its outcome. */
const verifyStandIn = (calls: PendingCalls) =>
  calls.actor<VerifyOutcome<RecoverVerifyReply>, unknown>(
    'verifyMobile',
  ) as unknown as typeof recoveryVerifyMachine;

/** What the student must see after each event (the screen's view model), from the spec. */
function expectRecoveryView(step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void {
  const after = recoveryView(actual as SnapshotFrom<RecoveryMachine>);
  const before = recoveryView(previous as SnapshotFrom<RecoveryMachine>);
  const offers = (label: string) => after.actions.some((a) => a.label === label && a.enabled);
  const offered = (label: string) => before.actions.some((a) => a.label === label && a.enabled);
  const event = step.event as { type: string; value?: string; output?: unknown };
  switch (event.type) {
    case 'id.change': {
      const id = (event.value ?? '').replace(/\D/g, '').slice(0, 12);
      expect(after.step).toBe('id');
      expect(after.loginId).toEqual({ value: id, error: undefined });
      expect(offers('next')).toBe(id.length === 10 || id.length === 12);
      break;
    }
    case 'id.submit':
      expect(after.step).toBe(offered('next') ? 'sending' : before.step);
      break;
    case 'id.edit':
      expect(after.step).toBe('id');
      expect(after.loginId?.value).toBe((previous.context as RecoveryContext).loginId);
      break;
    case 'xstate.done.actor.generateOtp': {
      const reply = event.output as RecoverOtpReply;
      expect(after.step).toBe(reply.data.is_mobile ? 'otp' : 'detailsSent');
      expect(offers('edit')).toBe(true);
      expect(offers('sendAgain') || offers('resendOtp')).toBe(false);
      break;
    }
    case 'xstate.error.actor.generateOtp':
      expect(after.step).toBe('id');
      expect(after.loginId?.error?.key).toBe('recover.invalidId');
      break;
    case 'xstate.done.actor.verifyMobile':
      if ((event.output as VerifyOutcome<RecoverVerifyReply>).status === 'verified') {
        expect(after.step).toBe('details');
        expect(after.details).toEqual({
          rollNumber: verifyReply.data.roll_number,
          dob: verifyReply.data.dob,
        });
        expect(offers('toLogin')).toBe(true);
      } else {
        // No code went out: back at the field with the reason, never an empty details page.
        expect(after.step).toBe('id');
        expect(after.loginId?.error).toEqual(notSentOutcome.error);
      }
      break;
    case 'xstate.error.actor.verifyMobile':
      expect(after.step).toBe('id');
      expect(after.loginId?.error?.key).toBe('validation.somethingWrong');
      break;
    case 'details.resend':
      expect(after.step).toBe(
        offered('sendAgain') && before.step === 'detailsSent' ? 'sending' : before.step,
      );
      expect(offers('sendAgain')).toBe(false);
      break;
    case 'xstate.done.actor.validateOtp':
      expect(after.step).toBe('details');
      expect(offers('sendAgain')).toBe(false);
      break;
    case 'xstate.error.actor.validateOtp':
      expect(after.step).toBe('details');
      expect(offers('sendAgain')).toBe(true);
      break;
    default:
      if (event.type.startsWith('xstate.after.')) expect(offers('sendAgain')).toBe(true);
  }
}

describe('recovery machine: model', () => {
  it('takes every transition and reaches every state on the real actor with fake calls', async () => {
    const calls = new PendingCalls();
    const machine = recoveryMachine.provide({
      actors: {
        generateOtp: calls.actor<RecoverOtpReply, RecoverOtpBody>('generateOtp'),
        validateOtp: calls.actor<RecoverVerifyReply, RecoverVerifyBody>('validateOtp'),
        verifyMobile: verifyStandIn(calls),
      },
      delays,
    });
    const events = [
      { type: 'id.change', value: '9000000001' },
      { type: 'id.change', value: '250000000001' },
      { type: 'id.change', value: '90000000' },
      { type: 'id.submit' },
      { type: 'id.edit' },
      { type: 'details.resend' },
      { type: 'xstate.done.actor.generateOtp', output: mobileReply },
      { type: 'xstate.done.actor.generateOtp', output: rollReply },
      { type: 'xstate.error.actor.generateOtp', error: apiError('No student found with this mobile number') },
      { type: 'xstate.done.actor.verifyMobile', output: verifiedOutcome },
      { type: 'xstate.done.actor.verifyMobile', output: notSentOutcome },
      { type: 'xstate.error.actor.verifyMobile', error: new Error('verify flow failed') },
      { type: 'xstate.done.actor.validateOtp', output: verifyReply },
      { type: 'xstate.error.actor.validateOtp', error: apiError('Invalid OTP') },
    ];
    const project = (c: RecoveryContext) => ({
      id: c.loginId.length,
      otp: c.otp.length,
      idError: Boolean(c.idError),
      details: Boolean(c.details),
    });
    const coverage = emptyCoverage();
    const paths = transitionCoverPaths({ machine, events, project: (c) => project(c as RecoveryContext) });
    console.log(`recovery machine: ${paths.length} model paths`);
    for (const path of paths)
      await replayPath(path, { machine, calls, delays, coverage, expectView: expectRecoveryView });
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });
});

describe('model test kit', () => {
  it('fails a path whose real actor disagrees with the model (here: a timer that has not fired)', async () => {
    const calls = new PendingCalls();
    const machine = recoveryMachine.provide({
      actors: {
        generateOtp: calls.actor<RecoverOtpReply, RecoverOtpBody>('generateOtp'),
        validateOtp: calls.actor<RecoverVerifyReply, RecoverVerifyBody>('validateOtp'),
        verifyMobile: verifyStandIn(calls),
      },
      delays,
    });
    const paths = transitionCoverPaths({
      machine,
      events: [
        { type: 'id.change', value: '250000000001' },
        { type: 'id.submit' },
        { type: 'xstate.done.actor.generateOtp', output: rollReply },
      ],
    });
    const throughTimer = paths.find((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.')));
    expect(throughTimer).toBeDefined();
    if (!throughTimer) return;
    const coverage = emptyCoverage();
    await expect(
      replayPath(throughTimer, { machine, calls, delays: { resendDelay: 1 }, coverage }),
    ).rejects.toThrow(/expected .*ready/);
    await expect(replayPath(throughTimer, { machine, calls, delays, coverage })).resolves.toBeDefined();
  });
});

function run(
  options: {
    otp?: RecoverOtpReply | Error;
    verify?: RecoverVerifyReply | Error;
    snapshot?: Snapshot<unknown>;
  } = {},
) {
  const generateOtp = vi.fn(async (_: RecoverOtpBody) => {
    const result = options.otp ?? mobileReply;
    if (result instanceof Error) throw result;
    return result;
  });
  const validateOtp = vi.fn(async (_: RecoverVerifyBody) => {
    const result = options.verify ?? verifyReply;
    if (result instanceof Error) throw result;
    return result;
  });
  const persistOtpId = vi.fn();
  const showToast = vi.fn();
  const clock = new SimulatedClock();
  // The island's wiring: a new code is a new generate-OTP call; the check is the validate-OTP call.
  const verifyMobile = recoveryVerifyMachine.provide({
    actors: {
      sendCode: fromPromise<SentCode, SendCodeInput>(async ({ input }) => {
        const reply = await generateOtp({ login_id: input.to });
        return { sentTo: reply.data.mobile_number, otpId: reply.data.otp_id };
      }),
      checkCode: fromPromise<RecoverVerifyReply, CheckCodeInput>(({ input }) =>
        validateOtp({ otp_id: input.otpId, otp: input.code, login_id: input.to, resendUserDetails: false }),
      ),
    },
    actions: { codeSent: (_, params) => persistOtpId({ otpId: params.otpId }) },
  });
  const machine = recoveryMachine.provide({
    actors: {
      generateOtp: fromPromise<RecoverOtpReply, RecoverOtpBody>(({ input }) => generateOtp(input)),
      validateOtp: fromPromise<RecoverVerifyReply, RecoverVerifyBody>(({ input }) => validateOtp(input)),
      verifyMobile,
    },
    actions: {
      persistOtpId: (_, params) => persistOtpId(params),
      showToast: (_, params) => showToast(params),
    },
  });
  // A kept flow is restored as the page does after a reload (recovery-resume.ts).
  const actor = createActor(machine, {
    clock,
    ...(options.snapshot ? { snapshot: options.snapshot } : {}),
  }).start();
  /** The OTP step's verify-mobile child (the view talks to it directly). */
  const child = () => {
    const ref = actor.getSnapshot().children.verifyMobile;
    if (!ref) throw new Error('no verify-mobile child: not on the OTP step');
    return ref;
  };
  return { actor, child, clock, generateOtp, validateOtp, persistOtpId, showToast };
}

describe('recovery machine: rules', () => {
  it('allows Next only at 10 (mobile) or 12 (roll number) digits; a pasted +91 number is a mobile', () => {
    const { actor } = run();
    const canNext = (value: string) => {
      actor.send({ type: 'id.change', value });
      return actor.getSnapshot().can({ type: 'id.submit' });
    };
    expect(canNext('900000000')).toBe(false);
    expect(canNext('9000000001')).toBe(true);
    expect(canNext('25000000000')).toBe(false);
    expect(canNext('250000000001')).toBe(true);
    // A longer id is not cut into another one: it keeps its digits and Next stays off.
    expect(canNext('25000000000199')).toBe(false);
    expect(actor.getSnapshot().context.loginId).toBe('25000000000199');
    expect(canNext('+91 90000 00001')).toBe(true);
    expect(actor.getSnapshot().context.loginId).toBe('9000000001');
    expect(canNext('+919000000001')).toBe(true);
    expect(actor.getSnapshot().context.loginId).toBe('9000000001');
  });

  it('shows the server msg, or "Invalid", on the id field when generating the OTP fails', async () => {
    const { actor } = run({ otp: apiError('No student found') });
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('enteringId'));
    expect(actor.getSnapshot().context.idError).toEqual({
      key: 'recover.invalidId',
      server: 'No student found',
    });
    const bare = run({ otp: new Error('offline') });
    bare.actor.send({ type: 'id.change', value: '9000000001' });
    bare.actor.send({ type: 'id.submit' });
    await waitFor(bare.actor, (s) => s.matches('enteringId') && Boolean(s.context.idError));
    expect(bare.actor.getSnapshot().context.idError).toEqual({ key: 'recover.invalidId' });
  });

  it('shows the message of an SMS that could not be sent (503, in the page language), and Next tries again at once', async () => {
    const msg = 'अभी ओटीपी नहीं भेजा जा सका। कृपया फिर से कोशिश करें।';
    const notSent = Object.assign(new Error(msg), { status: 503, body: { success: 'false', msg } });
    const { actor, generateOtp } = run();
    generateOtp.mockRejectedValueOnce(notSent);
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('enteringId') && Boolean(s.context.idError));
    const view = recoveryView(actor.getSnapshot());
    expect(view.loginId).toEqual({ value: '9000000001', error: { key: 'recover.invalidId', server: msg } });
    expect(view.actions.some((a) => a.label === 'next' && a.enabled)).toBe(true);
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    expect(generateOtp).toHaveBeenCalledTimes(2);
  });

  it("takes a 200 whose body says success 'false' as a failure on every call: the server msg where it is said", async () => {
    const { actor, child, clock, generateOtp, validateOtp, showToast } = run();
    // Generate OTP: the id field shows the server's msg (part 1 §8), no OTP step.
    generateOtp.mockImplementationOnce((body) =>
      answeredWith(refusal('No student is registered with this number.'), (o) => requestRecoveryOtp(body, o)),
    );
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('enteringId') && Boolean(s.context.idError));
    expect(actor.getSnapshot().context.idError).toEqual({
      key: 'recover.invalidId',
      server: 'No student is registered with this number.',
    });
    // Validate OTP: the code boxes show it, and no details are shown.
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    validateOtp.mockImplementationOnce((body) =>
      answeredWith(refusal('This OTP has expired.'), (o) => verifyRecoveryOtp(body, o)),
    );
    child().send({ type: 'otp.change', value: '1234' });
    await waitFor(child(), (s) => s.matches({ codeEntry: { code: 'editing' } }) && Boolean(s.context.error));
    expect(child().getSnapshot().context.error).toEqual({
      key: 'validation.somethingWrong',
      server: 'This OTP has expired.',
    });
    expect(actor.getSnapshot().matches('otpStep')).toBe(true);
    // Sending the details again: a danger toast with the msg, never the success toast.
    child().send({ type: 'otp.change', value: '1234' });
    await waitFor(actor, (s) => s.matches('detailsShown'));
    clock.increment(RESEND_DELAY_MS);
    validateOtp.mockImplementationOnce((body) =>
      answeredWith(refusal('Details were sent a moment ago.'), (o) => verifyRecoveryOtp(body, o)),
    );
    actor.send({ type: 'details.resend' });
    await waitFor(actor, (s) => s.matches({ detailsShown: 'ready' }));
    expect(showToast).toHaveBeenCalledWith({
      type: 'danger',
      message: { key: 'validation.otp.invalid', server: 'Details were sent a moment ago.' },
    });
    expect(showToast).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('gives a mobile user the OTP step (the verify-mobile child), keeps otp_id, and verifies 4 digits', async () => {
    const { actor, child, persistOtpId, validateOtp } = run();
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    expect(persistOtpId).toHaveBeenCalledWith({ otpId: 'otp-1' });
    child().send({ type: 'otp.change', value: '123' });
    expect(child().getSnapshot().can({ type: 'otp.submit' })).toBe(false);
    expect(validateOtp).not.toHaveBeenCalled();
    child().send({ type: 'otp.change', value: '12345' });
    await waitFor(actor, (s) => s.matches('detailsShown'));
    expect(validateOtp).toHaveBeenCalledWith({
      otp_id: 'otp-1',
      otp: '1234',
      login_id: '9000000001',
      resendUserDetails: false,
    });
    expect(actor.getSnapshot().context).toMatchObject({
      otp: '1234',
      otpId: 'otp-1',
      details: { roll_number: '250000000001', dob: '05-01-2008' },
    });
  });

  it('sends roll-number users their details straight away (no OTP step)', async () => {
    const { actor } = run({ otp: rollReply });
    actor.send({ type: 'id.change', value: '250000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => !s.matches('sendingId'));
    expect(actor.getSnapshot().matches('detailsSent')).toBe(true);
    expect(actor.getSnapshot().children.verifyMobile).toBeUndefined();
  });

  it('shows the server msg on the OTP field and empties the boxes on a wrong code', async () => {
    const wrong = Object.assign(apiError('Invalid OTP'), {
      body: { success: 'false', msg: 'Invalid OTP', error_code: 1 },
    });
    const { actor, child } = run({ verify: wrong });
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    child().send({ type: 'otp.change', value: '0000' });
    await waitFor(child(), (s) => s.matches({ codeEntry: { code: 'editing' } }) && Boolean(s.context.error));
    expect(child().getSnapshot().context.error).toEqual({
      key: 'validation.otp.invalid',
      server: 'Invalid OTP',
    });
    expect(child().getSnapshot().context.code).toBe('');
    expect(actor.getSnapshot().context.idError).toBeUndefined();
  });

  it('offers resend 45 s after sending, not before, and resends', async () => {
    // The wait is kept as an instant (Date.now()) and timed on the simulated clock: the wall clock
    // stands still, so a slow machine's milliseconds between sending and the timer do not count.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const { actor, child, clock, generateOtp, persistOtpId } = run();
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    clock.increment(RESEND_DELAY_MS - 1);
    expect(child().getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    clock.increment(1);
    expect(child().getSnapshot().can({ type: 'otp.resend' })).toBe(true);
    child().send({ type: 'otp.resend' });
    await waitFor(child(), (s) => s.matches({ codeEntry: { resend: 'waiting' } }));
    expect(generateOtp).toHaveBeenCalledTimes(2);
    expect(generateOtp).toHaveBeenLastCalledWith({ login_id: '9000000001' });
    expect(persistOtpId).toHaveBeenCalledTimes(2);
  });

  it('asks for the details again with resendUserDetails true once they were shown', async () => {
    const { actor, child, clock, validateOtp } = run();
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    child().send({ type: 'otp.change', value: '1234' });
    await waitFor(actor, (s) => s.matches('detailsShown'));
    expect(actor.getSnapshot().can({ type: 'details.resend' })).toBe(false);
    clock.increment(RESEND_DELAY_MS);
    actor.send({ type: 'details.resend' });
    await waitFor(actor, (s) => s.matches({ detailsShown: 'waiting' }));
    expect(validateOtp).toHaveBeenLastCalledWith(expect.objectContaining({ resendUserDetails: true }));
  });

  it('returns to the start on Edit, keeping the id and dropping the OTP', async () => {
    const { actor, child } = run();
    actor.send({ type: 'id.change', value: '9000000001' });
    actor.send({ type: 'id.submit' });
    await waitFor(actor, (s) => s.matches('otpStep'));
    child().send({ type: 'otp.change', value: '12' });
    actor.send({ type: 'id.edit' });
    expect(actor.getSnapshot().value).toBe('enteringId');
    expect(actor.getSnapshot().context).toMatchObject({ loginId: '9000000001', otp: '' });
    expect(actor.getSnapshot().children.verifyMobile).toBeUndefined();
  });
});

describe('recovery: a reload at the OTP step (persisted snapshots)', () => {
  it('keeps the OTP step without the code typed; the restored box verifies the code received', async () => {
    const first = run();
    expect(recoveryKeeping(first.actor)).toBe('forget');
    first.actor.send({ type: 'id.change', value: '9000000001' });
    first.actor.send({ type: 'id.submit' });
    await waitFor(first.actor, (s) => s.matches('otpStep'));
    first.child().send({ type: 'otp.change', value: '12' });
    const keeping = recoveryKeeping(first.actor);
    if (typeof keeping === 'string') throw new Error(`nothing kept: ${keeping}`);
    expect(JSON.stringify(keeping.store)).not.toContain('"code":"12"');
    first.actor.stop();

    const again = run({ snapshot: JSON.parse(JSON.stringify(keeping.store)) as Snapshot<unknown> });
    expect(again.actor.getSnapshot().matches('otpStep')).toBe(true);
    expect(again.child().getSnapshot().context.code).toBe('');
    wakeResumedRecovery(again.actor);
    expect(again.generateOtp).not.toHaveBeenCalled();
    again.child().send({ type: 'otp.change', value: '1234' });
    await waitFor(again.actor, (s) => s.matches('detailsShown'));
    // The details on screen are never kept: a reload after them starts again.
    expect(recoveryKeeping(again.actor)).toBe('forget');
  });

  it('restores the resend wait of the first code, which the parent sent: 5 s left after 40 s, not 45 again', async () => {
    const first = run();
    first.actor.send({ type: 'id.change', value: '9000000001' });
    first.actor.send({ type: 'id.submit' });
    await waitFor(first.actor, (s) => s.matches('otpStep'));
    const sentAt = Date.now();
    expect(first.child().getSnapshot().context.resendAt).toBeGreaterThanOrEqual(sentAt + 44_000);
    const keeping = recoveryKeeping(first.actor);
    if (typeof keeping === 'string') throw new Error(`nothing kept: ${keeping}`);
    first.actor.stop();

    const now = vi.spyOn(Date, 'now').mockReturnValue(sentAt + 40_000);
    const again = run({ snapshot: JSON.parse(JSON.stringify(keeping.store)) as Snapshot<unknown> });
    wakeResumedRecovery(again.actor);
    expect(again.child().getSnapshot().context.resendWaitSeconds).toBeLessThanOrEqual(5);
    now.mockRestore();
  });
});
