import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import type { LoginBody, LoginReply } from '../generated/api/login';
import { loginView } from '../features/login/login-view';
import {
  loginMachine,
  sanitizeRollNumber,
  type LoginContext,
  type LoginInput,
  type LoginMachine,
} from './login-machine';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import { readEntryQuery } from './entry-query';
import { parseDob } from '../domain/dates';
import { answeredWith, refusal } from '../api/client.test-support';
import { login } from '../api/endpoints/login';

const reply: LoginReply = {
  success: 'true',
  token: 'token-1',
  dashboard_url: 'http://mock-neet.localhost:3000/dashboard',
  msg: 'Login successful',
};

/** An ApiRequestError as the app's client throws it, by shape. */
const apiError = (msg: string) =>
  Object.assign(new Error(msg), { status: 401, body: { success: 'false', msg } });

/** What the student must see after each event (the form's view model), from part 1 §5. */
function expectLoginView(step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void {
  const after = loginView(actual as SnapshotFrom<LoginMachine>);
  const before = loginView(previous as SnapshotFrom<LoginMachine>);
  const event = step.event as { type: string; value?: string; error?: unknown };
  const rule = (roll: string, password: string) => ({
    rollNumber: /^\d{12}$/.test(roll) ? undefined : 'validation.login.rollNumber',
    password: parseDob(password.trim()) ? undefined : 'validation.login.password',
  });
  switch (event.type) {
    case 'rollNumber.change':
      expect(after.rollNumber).toEqual({
        value: (event.value ?? '').replace(/\D/g, '').slice(0, 12),
        error: undefined,
      });
      expect(after.busy).toBe(false);
      break;
    case 'password.change':
      expect(after.password).toEqual({ value: event.value, error: undefined });
      break;
    case 'login.submit': {
      const wrong = rule(before.rollNumber.value, before.password.value);
      const ok = !wrong.rollNumber && !wrong.password;
      expect(after.busy).toBe(ok);
      expect(after.rollNumber.error?.key).toBe(ok ? undefined : wrong.rollNumber);
      expect(after.password.error?.key).toBe(ok ? undefined : wrong.password);
      break;
    }
    case 'xstate.done.actor.login':
      expect(after.busy).toBe(true);
      break;
    case 'xstate.error.actor.login':
      // The form comes back with what was typed, so the student can correct it.
      expect(after.busy).toBe(false);
      expect(after.rollNumber.value).toBe(before.rollNumber.value);
      expect(after.password.value).toBe(before.password.value);
      break;
    case 'xstate.init': {
      // A complete auto-login link logs in at once; a malformed one shows the form with its errors.
      const { autoLogin, rollNumber, password } = actual.context as LoginContext;
      const wrong = rule(rollNumber, password);
      expect(after.busy).toBe(autoLogin && !wrong.rollNumber && !wrong.password);
      if (autoLogin && !after.busy) expect(after.rollNumber.error?.key).toBe(wrong.rollNumber);
      break;
    }
  }
}

describe('login machine: model', () => {
  const calls = new PendingCalls();
  const machine = loginMachine.provide({
    actors: { login: calls.actor<LoginReply, LoginBody>('login') },
  });
  const events = [
    { type: 'rollNumber.change', value: '250000000001' },
    { type: 'rollNumber.change', value: '25000000000' },
    { type: 'password.change', value: '05/01/2008' },
    { type: 'password.change', value: '05/01' },
    { type: 'password.change', value: '' },
    { type: 'login.submit' },
    { type: 'xstate.done.actor.login', output: reply },
    { type: 'xstate.error.actor.login', error: apiError('Invalid roll number or date of birth') },
    { type: 'xstate.error.actor.login', error: new Error('offline') },
  ];
  const project = (c: LoginContext) => ({
    complete: c.rollNumber.length === 12,
    password: c.password !== '',
    errors: c.errors,
    autoLogin: c.autoLogin,
  });
  const inputs: LoginInput[] = [
    {},
    { query: { roll_no: '250000000001', dob: '05-01-2008' } },
    { query: { roll_no: '25000000000', dob: '05-01-2008' } },
    { query: { roll_no: '250000000001', dob: '05-01-2008', registeration: 'success' } },
  ];

  it('takes every transition and reaches every state on the real actor with fake calls', async () => {
    const coverage = emptyCoverage();
    let count = 0;
    for (const input of inputs) {
      const paths = transitionCoverPaths({
        machine,
        input,
        events,
        project: (c) => project(c as LoginContext),
      });
      count += paths.length;
      for (const path of paths) {
        await replayPath(path, { machine, input, calls, delays: {}, coverage, expectView: expectLoginView });
        // The rule of part 1 §5, checked on every path: the call never fires without 12 digits and a password.
        for (const body of (calls.inputs.get('login') ?? []) as LoginBody[]) {
          expect(body.roll_number).toMatch(/^\d{12}$/);
          expect(body.date_of_birth).not.toBe('');
        }
      }
    }
    console.log(`login machine: ${count} model paths`);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });
});

function run(input: LoginInput = {}, login = vi.fn(async (_: LoginBody): Promise<LoginReply> => reply)) {
  const storeSession = vi.fn();
  const goToDashboard = vi.fn();
  const showToast = vi.fn();
  const machine = loginMachine.provide({
    actors: { login: fromPromise<LoginReply, LoginBody>(({ input: body }) => login(body)) },
    actions: {
      storeSession: (_, params) => storeSession(params),
      goToDashboard: (_, params) => goToDashboard(params),
      showToast: (_, params) => showToast(params),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, login, storeSession, goToDashboard, showToast };
}

describe('login machine: rules', () => {
  it('keeps digits only, at most 12', () => {
    expect(sanitizeRollNumber('25a00-00 000001999')).toBe('250000000001');
    const { actor } = run();
    actor.send({ type: 'rollNumber.change', value: '12ab34' });
    expect(actor.getSnapshot().context.rollNumber).toBe('1234');
  });

  it('never calls the API with 11 digits; says "Invalid roll number"', () => {
    const { actor, login } = run();
    actor.send({ type: 'rollNumber.change', value: '25000000000' });
    actor.send({ type: 'password.change', value: '05/01/2008' });
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(true);
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      rollNumber: { key: 'validation.login.rollNumber' },
      password: undefined,
    });
    expect(login).not.toHaveBeenCalled();
  });

  it('says "Invalid password" without a password, and clears an error when its field changes', () => {
    const { actor, login } = run();
    actor.send({ type: 'rollNumber.change', value: '250000000001' });
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      rollNumber: undefined,
      password: { key: 'validation.login.password' },
    });
    actor.send({ type: 'password.change', value: '05/01/2008' });
    expect(actor.getSnapshot().context.errors.password).toBeUndefined();
    expect(login).not.toHaveBeenCalled();
  });

  it('stores the session then goes to the dashboard URL with the dob as DD-MM-YYYY', async () => {
    const { actor, login, storeSession, goToDashboard } = run();
    actor.send({ type: 'rollNumber.change', value: '250000000001' });
    actor.send({ type: 'password.change', value: '05/01/2008' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(login).toHaveBeenCalledWith({ roll_number: '250000000001', date_of_birth: '05/01/2008' });
    expect(storeSession).toHaveBeenCalledWith({
      token: 'token-1',
      rollNumber: '250000000001',
      dob: '05-01-2008',
    });
    expect(goToDashboard).toHaveBeenCalledWith({
      dashboardUrl: reply.dashboard_url,
      rollNumber: '250000000001',
      dob: '05-01-2008',
    });
    expect(storeSession.mock.invocationCallOrder[0]).toBeLessThan(
      goToDashboard.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('keeps the form and shows a danger toast with the server msg, or "Something went wrong."', async () => {
    const failing = vi.fn(async (): Promise<LoginReply> => {
      throw apiError('Invalid roll number or date of birth');
    });
    const { actor, showToast, storeSession } = run({}, failing);
    actor.send({ type: 'rollNumber.change', value: '250000000001' });
    actor.send({ type: 'password.change', value: '05/01/2008' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(showToast).toHaveBeenCalledWith({
      type: 'danger',
      message: { key: 'login.failed', server: 'Invalid roll number or date of birth' },
    });
    expect(actor.getSnapshot().context).toMatchObject({ rollNumber: '250000000001', password: '05/01/2008' });
    expect(storeSession).not.toHaveBeenCalled();

    const offline = run(
      {},
      vi.fn(async (): Promise<LoginReply> => {
        throw new Error('network down');
      }),
    );
    offline.actor.send({ type: 'rollNumber.change', value: '250000000001' });
    offline.actor.send({ type: 'password.change', value: '05/01/2008' });
    offline.actor.send({ type: 'login.submit' });
    await waitFor(offline.actor, (s) => s.matches('editing'));
    expect(offline.showToast).toHaveBeenCalledWith({ type: 'danger', message: { key: 'login.failed' } });
  });

  it("takes a 200 whose body says success 'false' as the failure it is: the server msg, no session", async () => {
    const refused = vi.fn((body: LoginBody) =>
      answeredWith(refusal('Your registration is not complete yet.'), (options) => login(body, options)),
    );
    const { actor, showToast, storeSession, goToDashboard } = run({}, refused);
    actor.send({ type: 'rollNumber.change', value: '250000000001' });
    actor.send({ type: 'password.change', value: '05/01/2008' });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(showToast).toHaveBeenCalledWith({
      type: 'danger',
      message: { key: 'login.failed', server: 'Your registration is not complete yet.' },
    });
    expect(storeSession).not.toHaveBeenCalled();
    expect(goToDashboard).not.toHaveBeenCalled();
  });

  it('logs in at once from a query with roll_no and dob', async () => {
    const { actor, login } = run({ query: { roll_no: '250000000001', dob: '05-01-2008' } });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(login).toHaveBeenCalledWith({ roll_number: '250000000001', date_of_birth: '05-01-2008' });
  });

  it("sends the auto-login link's handoff code with the login (one login across hosts)", async () => {
    const { actor, login } = run({
      query: readEntryQuery('?handoff=h4nd0ff-code-0000000000000000&roll_no=250000000011&dob=19-01-2007'),
    });
    await waitFor(actor, (s) => s.status === 'done');
    expect(login).toHaveBeenCalledWith({
      roll_number: '250000000011',
      date_of_birth: '19-01-2007',
      handoff: 'h4nd0ff-code-0000000000000000',
    });
  });

  it('does not auto-login after a registration (registeration=success) or from a malformed link', () => {
    const afterSignup = run({
      query: { roll_no: '250000000001', dob: '05-01-2008', registeration: 'success' },
    });
    expect(afterSignup.actor.getSnapshot().value).toBe('editing');
    expect(afterSignup.actor.getSnapshot().context.rollNumber).toBe('');
    const malformed = run({ query: { roll_no: '2500000001', dob: '05-01-2008' } });
    expect(malformed.actor.getSnapshot().value).toBe('editing');
    expect(malformed.actor.getSnapshot().context.errors.rollNumber).toEqual({
      key: 'validation.login.rollNumber',
    });
    expect(malformed.login).not.toHaveBeenCalled();
    expect(afterSignup.login).not.toHaveBeenCalled();
  });
});

describe('readEntryQuery', () => {
  it('keeps the entry parameters and drops empty ones and others', () => {
    expect(
      readEntryQuery('?roll_no=250000000001&dob=05-01-2008&status=&utm_source=x&registeration=success'),
    ).toEqual({
      roll_no: '250000000001',
      dob: '05-01-2008',
      registeration: 'success',
    });
  });
});
