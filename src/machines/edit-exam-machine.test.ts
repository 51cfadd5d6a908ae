import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamEditDatesBody, ExamEditDatesReply } from '../generated/api/exam-edit-dates';
import type { ExamEditInfoBody, ExamEditInfoReply } from '../generated/api/exam-edit-info';
import type { ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type { MasterClassStreamsQuery, MasterClassStreamsReply } from '../generated/api/master-class-streams';
import type { Profile } from '../generated/api/profile';
import { editExamView, type EditExamSnapshot, type EditExamView } from '../features/edit-exam/edit-exam-view';
import { attemptNumber, editAvailability } from '../domain/exam-edit-rules';
import { editExamMachine } from './edit-exam-machine';
import { serverMessage, serverRefused } from './server-error';
import { answeredWith, refusal } from '../api/client.test-support';
import { updateExamInfo } from '../api/endpoints/exam-edit-info';
import type { EditChoice, EditExamContext, EditExamInput, EditToast } from './edit-exam-model';
import {
  apiError,
  CENTRE_A,
  CENTRE_B,
  centres,
  classStreams,
  dates,
  hiddenProfile,
  lockedProfile,
  offlineDraft,
  onlineProfile,
  paymentData,
  payFirst,
  programme,
  saidFalse,
  states,
  updated,
  usedUpProfile,
} from '../../tests/fixtures/edit-exam';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type Coverage,
  type ModelStep,
} from './model-based.test-support';

// ── The model ─────────────────────────────────────────────────────────────────────────────────
type Logged =
  | { action: 'showToast'; params: EditToast }
  | { action: 'saveDraft'; params: { draft: EditChoice } }
  | { action: 'clearDraft' }
  | { action: 'postPaymentForm'; params: { paymentData: unknown } }
  | { action: 'finish' }
  | { action: 'dialogClosed' };

function modelMachine(calls: PendingCalls, log: Logged[]) {
  return editExamMachine.provide({
    actors: {
      loadProfile: calls.actor<Profile, unknown>('loadProfile'),
      loadClassStreams: calls.actor<MasterClassStreamsReply, MasterClassStreamsQuery>('loadClassStreams'),
      loadStates: calls.actor<ExamStatesReply, ExamStatesQuery>('loadStates'),
      loadCentres: calls.actor<ExamCentresReply, ExamCentresQuery>('loadCentres'),
      loadDates: calls.actor<ExamEditDatesReply, ExamEditDatesBody>('loadDates'),
      updateExamInfo: calls.actor<ExamEditInfoReply, ExamEditInfoBody>('updateExamInfo'),
    },
    actions: {
      showToast: (_, params) => void log.push({ action: 'showToast', params }),
      saveDraft: (_, params) => void log.push({ action: 'saveDraft', params }),
      clearDraft: () => void log.push({ action: 'clearDraft' }),
      postPaymentForm: (_, params) => void log.push({ action: 'postPaymentForm', params }),
      finish: () => void log.push({ action: 'finish' }),
      dialogClosed: () => void log.push({ action: 'dialogClosed' }),
    },
  });
}

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, msg: string) => ({ type: `xstate.error.actor.${id}`, error: apiError(msg) });
const change = (field: string, value: string) => ({ type: 'field.change', field, value });

const events = [
  { type: 'editExam.open' },
  { type: 'editExam.open', profile: onlineProfile },
  { type: 'editExam.reopen', draft: offlineDraft },
  { type: 'editExam.close' },
  { type: 'editExam.retry' },
  { type: 'editExam.submit' },
  change('classStream', '12&SOM'),
  change('mode', 'Offline'),
  change('mode', 'Online'),
  change('slot', 'offline-morning'),
  change('centre', CENTRE_B),
  change('examDate', '2026-03-12'),
  // Not an option: refused, nothing changes.
  change('state', '999'),
  done('loadProfile', onlineProfile),
  failed('loadProfile', 'Unauthorised'),
  done('loadClassStreams', classStreams),
  failed('loadClassStreams', 'Down'),
  done('loadStates', states),
  failed('loadStates', 'Down'),
  done('loadCentres', centres),
  failed('loadCentres', 'Down'),
  done('loadDates', dates),
  failed('loadDates', 'Down'),
  done('updateExamInfo', updated),
  done('updateExamInfo', payFirst),
  done('updateExamInfo', saidFalse),
  failed('updateExamInfo', 'Nothing to change'),
  { type: 'xstate.error.actor.updateExamInfo', error: new Error('offline') },
];

/** The parts of the context that tell states apart (lists by size, the profile by its roll). */
const project = (c: EditExamContext) => ({
  profile: c.profile?.roll_number,
  // Which choices are made and whether they differ from the booking, not their values: enough to
  // tell the flow's states apart, and it keeps the walk small.
  chosen: Object.values(c.choice).map(Boolean),
  mode: c.choice.mode,
  changed: JSON.stringify(c.choice) !== JSON.stringify(c.original),
  lists: [
    c.lists.classStreams?.length,
    c.lists.states?.length,
    c.lists.centres?.length,
    c.lists.dates?.length,
  ],
  draft: Boolean(c.pendingDraft),
  notice: Boolean(c.notice),
  listError: Boolean(c.listError),
});

/**
 * Submit only when class, mode, slot, date (and state and centre offline) are set and something
 * changed (part 2 §4). Both modes of the sample programme have slots.
 */
function expectSubmitRule(actual: AnyMachineSnapshot, after: EditExamView) {
  const { choice, original } = actual.context as EditExamContext;
  const offline = choice.mode === 'Offline';
  const complete = Boolean(
    choice.classStream &&
    choice.mode &&
    choice.slot &&
    choice.examDate &&
    (!offline || (choice.state && choice.centre)),
  );
  const fields = offline
    ? (Object.keys(choice) as (keyof EditChoice)[])
    : (['classStream', 'mode', 'slot', 'examDate'] as const);
  const changed = fields.some((f) => choice[f] !== original[f]);
  expect(after.submit.enabled).toBe(complete && changed);
  if (!after.submit.enabled) expect(after.submit.why).toBe(complete ? 'unchanged' : 'incomplete');
}

/** What the student must see after each event, from the spec. */
function expectView(log: Logged[], input: EditExamInput) {
  return (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot) => {
    const after = editExamView(actual as EditExamSnapshot);
    const before = editExamView(previous as EditExamSnapshot);
    const event = step.event as {
      type: string;
      profile?: Profile;
      field?: string;
      value?: string;
      output?: unknown;
      error?: unknown;
    };
    const toasts = log.flatMap((l) => (l.action === 'showToast' ? [l.params] : []));
    const did = (action: Logged['action']) => log.some((l) => l.action === action);
    const formShows = (view: EditExamView, choice: Partial<EditChoice>) => {
      expect(view.screen).toBe('form');
      for (const [field, value] of Object.entries(choice)) {
        if (field === 'mode') expect(view.mode).toBe(value);
        else expect(view.fields[field as 'classStream']?.value).toBe(value);
      }
    };
    // Online shows no state or centre; offline shows both.
    if (after.screen === 'form') {
      expect('state' in after.fields).toBe(after.mode !== 'Online');
      expect('centre' in after.fields).toBe(after.mode !== 'Online');
      // Online is 'Free', offline costs the programme's ₹100 for this unpaid online student.
      expect(after.modes).toEqual([
        { value: 'Online', price: 'free' },
        { value: 'Offline', price: 100 },
      ]);
      expect(after.attempts).toEqual({ kind: 'counted', attempt: 1, max: 2, left: 2 });
      expect(after.submit.label).toBe(after.mode === 'Offline' ? 'pay' : 'submit');
      expect(after.feeDue).toBe(after.mode === 'Offline' ? 100 : 0);
      // A disabled Submit says why.
      expect(after.submit.enabled || after.submit.why !== undefined).toBe(true);
    }
    switch (event.type) {
      case 'xstate.init':
        // The input decides how the flow starts: the address opens it, the gateway's failure
        // reopens it with the kept edit (the profile loads first when the app has none).
        if (!input.open && !input.reopen) expect(after.screen).toBe('closed');
        else if (!input.profile) expect(after.screen).toBe('loading');
        else if (input.reopen) {
          formShows(after, offlineDraft);
          expect(after.notice?.key).toBe('editExam.paymentFailed');
        } else {
          formShows(after, { classStream: '11&SOM', mode: 'Online', examDate: '2026-03-11' });
          expect(after.listsBusy).toBe(true);
          expect(after.notice).toBeUndefined();
        }
        break;
      case 'editExam.open':
      case 'editExam.reopen': {
        // After the server changed or refused the exam the profile is read again, whatever is handed over.
        const was = previous.context as EditExamContext;
        const profile = was.rereadProfile ? null : (event.profile ?? was.profile);
        const reopened = event.type === 'editExam.reopen';
        if (before.screen !== 'closed') break;
        if (!profile) expect(after.screen).toBe('loading');
        else if (profile.remove_edit_exam_edit_profile) expect(after.screen).toBe('closed');
        else if (!profile.is_edit_allowed) expect(after.screen).toBe('notAllowed');
        else if (profile.exam_attempts_left <= 0) expect(after.screen).toBe('noEditsLeft');
        else if (reopened) {
          // Back from a failed payment: the kept offline edit, and why the student is here again.
          formShows(after, offlineDraft);
          expect(after.notice?.key).toBe('editExam.paymentFailed');
        } else {
          // The booked exam, while its lists load: nothing to submit yet.
          formShows(after, {
            classStream: '11&SOM',
            mode: 'Online',
            slot: 'online-9am-10pm',
            examDate: '2026-03-11',
          });
          expect(after.listsBusy).toBe(true);
          expect(after.submit).toMatchObject({ enabled: false, why: 'busy' });
          expect(after.notice).toBeUndefined();
        }
        break;
      }
      case 'editExam.close':
        expect(after.screen).toBe('closed');
        // The app is told (it drops ?editExam=true).
        expect(log).toEqual([{ action: 'dialogClosed' }]);
        break;
      case 'field.change': {
        if (!before.submit.enabled && before.screen !== 'form') break;
        const field = event.field ?? '';
        if (field === 'state') {
          // Not an option of the list: refused.
          expect(after).toEqual(before);
          break;
        }
        if (field === 'slot' && before.mode !== 'Offline') {
          // Not a slot of this mode (an online exam's slot is its own): refused.
          expect(after).toEqual(before);
          break;
        }
        if (field === 'mode') expect(after.mode).toBe(event.value);
        else expect(after.fields[field as 'classStream']?.value).toBe(event.value);
        if (field === 'slot') {
          // A slot clears nothing: the place and the date are kept (no list depends on the slot).
          for (const kept of ['state', 'centre', 'examDate'] as const)
            expect(after.fields[kept]?.value).toBe(before.fields[kept]?.value);
          if (!after.listsBusy) expectSubmitRule(actual, after);
          break;
        }
        // A choice clears what depends on it: the date is never the stale one.
        if (field !== 'examDate') expect(after.fields.examDate?.value ?? '').toBe('');
        if (field === 'classStream') expect(after.mode).toBe('');
        // A new mode drops the slot of the old one; the online mode's lone slot is chosen by itself
        // (once the lists before it are there).
        if (field === 'mode') {
          const loaded = (actual.context as EditExamContext).lists.classStreams !== undefined;
          const lone = event.value === 'Online' && loaded ? 'online-9am-10pm' : '';
          expect(after.fields.slot?.value).toBe(lone);
        }
        if (field === 'examDate') expectSubmitRule(actual, after);
        else expect(after.submit.enabled).toBe(false);
        break;
      }
      case 'editExam.submit':
        if (before.submit.enabled) {
          expect(after.screen).toBe('saving');
          // Offline and unpaid: the edit is kept for the gateway's return before the call.
          expect(did('saveDraft')).toBe(before.submit.label === 'pay');
        } else {
          expect(after.screen).toBe(before.screen);
          expect(log).toEqual([]);
        }
        break;
      case 'xstate.done.actor.loadProfile':
        // The booked exam, or the edit kept (before a failed payment, or as a refused submit left it).
        if ((previous.context as EditExamContext).pendingDraft) {
          const kept = (previous.context as EditExamContext).pendingDraft;
          if (kept)
            formShows(after, { classStream: kept.classStream, mode: kept.mode, examDate: kept.examDate });
        } else
          formShows(after, {
            classStream: '11&SOM',
            mode: 'Online',
            slot: 'online-9am-10pm',
            examDate: '2026-03-11',
          });
        break;
      case 'xstate.error.actor.loadProfile':
        expect(after.screen).toBe('closed');
        expect(toasts).toEqual([
          { type: 'danger', message: { key: 'editExam.loadFailed', server: 'Unauthorised' } },
        ]);
        break;
      case 'xstate.done.actor.loadClassStreams':
        expect(after.fields.classStream?.options).toEqual([
          { value: '11&SOM', label: 'Class 11 Medical' },
          { value: '12&SOM', label: 'Class 12 Medical' },
        ]);
        break;
      case 'xstate.done.actor.loadStates':
        // A single option is chosen by itself; the centres load next.
        expect(after.fields.state).toEqual({ value: '9', options: [{ value: '9', label: 'Delhi' }] });
        expect(after.listsBusy).toBe(true);
        break;
      case 'xstate.done.actor.loadCentres':
        expect(after.fields.centre?.options.map((o) => o.label)).toEqual(['Delhi Central', 'Dwarka']);
        break;
      case 'xstate.done.actor.loadDates': {
        expect(after.fields.examDate?.options).toEqual([
          { value: '2026-03-11', label: 'Wednesday, 11 Mar 2026' },
          { value: '2026-03-12', label: 'Thursday, 12 Mar 2026' },
        ]);
        expect(after.listsBusy).toBe(false);
        expectSubmitRule(actual, after);
        break;
      }
      case 'xstate.error.actor.loadClassStreams':
      case 'xstate.error.actor.loadStates':
      case 'xstate.error.actor.loadCentres':
      case 'xstate.error.actor.loadDates':
        expect(after.listError).toEqual({ key: 'editExam.optionsFailed', server: 'Down' });
        expect(after.submit.enabled).toBe(false);
        break;
      case 'editExam.retry':
        expect(after.listError).toBeUndefined();
        expect(after.listsBusy).toBe(true);
        break;
      case 'xstate.done.actor.updateExamInfo': {
        const reply = event.output as ExamEditInfoReply;
        if (reply.success !== 'true') {
          // The server's sentence, and the profile read again (it says what is true now).
          expect(after.screen).toBe('loading');
          expect(toasts).toEqual([
            { type: 'danger', message: { key: 'editExam.updateFailed', server: reply.msg } },
          ]);
        } else if (reply.payment_required) {
          // The server asked for the payment: the gateway's form is posted, nothing else happens.
          expect(after.screen).toBe('redirecting');
          expect(log).toEqual([{ action: 'postPaymentForm', params: { paymentData } }]);
        } else {
          // The server's msg as a success toast, then the dashboard and profile are fetched again.
          expect(after.screen).toBe('closed');
          expect(log).toEqual([
            {
              action: 'showToast',
              params: { type: 'success', message: { key: 'editExam.updated', server: updated.msg } },
            },
            { action: 'clearDraft' },
            { action: 'finish' },
          ]);
        }
        break;
      }
      case 'xstate.error.actor.updateExamInfo': {
        // A refusal (a 4xx with the server's sentence) says it and reads the profile again; no
        // answer keeps the form for another try.
        const server = serverMessage(event.error);
        if (serverRefused(event.error)) {
          expect(after.screen).toBe('loading');
          expect(toasts).toEqual([{ type: 'danger', message: { key: 'editExam.updateFailed', server } }]);
        } else {
          expect(after.screen).toBe('form');
          expect(after.submit.enabled).toBe(true);
          expect(toasts).toEqual([{ type: 'danger', message: { key: 'editExam.updateFailed' } }]);
        }
        break;
      }
    }
    log.length = 0;
  };
}

/** Profiles the dialog does not edit: walked apart, so the main walk stays small. */
const refusals = [
  { type: 'editExam.open', profile: hiddenProfile },
  { type: 'editExam.open', profile: lockedProfile },
  { type: 'editExam.open', profile: usedUpProfile },
  { type: 'editExam.close' },
];

async function walk(input: EditExamInput, coverage: Coverage, name: string, sample = events) {
  const calls = new PendingCalls();
  const log: Logged[] = [];
  const machine = modelMachine(calls, log);
  const paths = transitionCoverPaths({
    machine,
    input,
    events: sample,
    project: (c) => project(c as EditExamContext),
  });
  console.log(`edit-exam machine (${name}): ${paths.length} model paths`);
  for (const path of paths) {
    log.length = 0;
    await replayPath(path, {
      machine,
      input,
      calls,
      delays: {},
      coverage,
      expectView: expectView(log, input),
    });
  }
  return machine;
}

describe('edit-exam machine: model', () => {
  it('takes every transition and reaches every state, showing the student the right thing', async () => {
    const coverage = emptyCoverage();
    // Opened from the dashboard (the profile loaded by the flow or handed over), and reopened by
    // the return from a failed payment.
    const machine = await walk({ programme }, coverage, 'from the dashboard');
    await walk(
      { programme, profile: onlineProfile, reopen: offlineDraft },
      coverage,
      'back from the gateway',
    );
    await walk({ programme }, coverage, 'not editable', refusals);
    // Opened by the address (editExam=true): at once, with the profile the app holds or loading it.
    const opening = [done('loadProfile', onlineProfile), failed('loadProfile', 'Unauthorised')];
    await walk({ programme, open: true }, coverage, 'opened by the address', [
      ...opening,
      { type: 'editExam.close' },
    ]);
    await walk({ programme, profile: onlineProfile, open: true }, coverage, 'opened with the profile', [
      { type: 'editExam.close' },
      done('loadClassStreams', classStreams),
    ]);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  }, 120_000);
});

// ── Rules, with the API stood in by functions ─────────────────────────────────────────────────
function run(
  options: {
    profile?: Profile;
    /** The profile as GET /api/profile answers it now (else `profile`). */
    profileNow?: () => Profile;
    update?: (body: ExamEditInfoBody) => Promise<ExamEditInfoReply>;
    centres?: ExamCentresReply;
  } = {},
) {
  const api = {
    loadClassStreams: vi.fn(async (_: MasterClassStreamsQuery) => classStreams),
    loadStates: vi.fn(async (_: ExamStatesQuery) => states),
    loadCentres: vi.fn(async (_: ExamCentresQuery) => options.centres ?? centres),
    loadDates: vi.fn(async (_: ExamEditDatesBody) => dates),
    updateExamInfo: vi.fn(async (body: ExamEditInfoBody) =>
      options.update ? options.update(body) : updated,
    ),
  };
  const log: Logged[] = [];
  const machine = editExamMachine.provide({
    actors: {
      loadProfile: fromPromise(async () => options.profileNow?.() ?? options.profile ?? onlineProfile),
      loadClassStreams: fromPromise(({ input }) => api.loadClassStreams(input)),
      loadStates: fromPromise(({ input }) => api.loadStates(input)),
      loadCentres: fromPromise(({ input }) => api.loadCentres(input)),
      loadDates: fromPromise(({ input }) => api.loadDates(input)),
      updateExamInfo: fromPromise(({ input }) => api.updateExamInfo(input)),
    },
    actions: {
      showToast: (_, params) => void log.push({ action: 'showToast', params }),
      saveDraft: (_, params) => void log.push({ action: 'saveDraft', params }),
      clearDraft: () => void log.push({ action: 'clearDraft' }),
      postPaymentForm: (_, params) => void log.push({ action: 'postPaymentForm', params }),
      finish: () => void log.push({ action: 'finish' }),
    },
  });
  const actor = createActor(machine, { input: { programme } }).start();
  const idle = () => waitFor(actor, (s) => s.matches({ editing: 'idle' }));
  return { actor, api, log, idle };
}

describe('edit-exam machine: rules', () => {
  it('after an edit the next open reads the profile again: a cached one would offer an edit used up', async () => {
    const usedUp: Profile = { ...onlineProfile, exam_attempts_left: 0 };
    let now = onlineProfile;
    const { actor, idle } = run({ profileNow: () => now });
    actor.send({ type: 'editExam.open', profile: onlineProfile });
    await idle();
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    now = usedUp;
    // The dashboard still holds the profile from before the edit and hands it over.
    actor.send({ type: 'editExam.open', profile: onlineProfile });
    await waitFor(actor, (s) => s.matches('noEditsLeft'));
  });

  it("a refused edit shows the server's sentence, not 'Something went wrong', and what is true now", async () => {
    const usedUp: Profile = { ...onlineProfile, exam_attempts_left: 0 };
    let now = onlineProfile;
    const { actor, log, idle } = run({
      profileNow: () => now,
      update: async () => {
        now = usedUp;
        throw Object.assign(new Error('409'), {
          status: 409,
          body: { success: 'false', msg: 'You have no exam edits left.' },
        });
      },
    });
    actor.send({ type: 'editExam.open' });
    await idle();
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('noEditsLeft'));
    expect(log).toContainEqual({
      action: 'showToast',
      params: {
        type: 'danger',
        message: { key: 'editExam.updateFailed', server: 'You have no exam edits left.' },
      },
    });
  });

  it("a 200 whose body says success 'false' is refused like a 4xx: the server's sentence, the profile read again", async () => {
    const usedUp: Profile = { ...onlineProfile, exam_attempts_left: 0 };
    let now = onlineProfile;
    const { actor, log, idle } = run({
      profileNow: () => now,
      update: async (body) => {
        now = usedUp;
        return answeredWith(refusal('Editing is closed for this exam.'), (o) =>
          updateExamInfo('token', body, o),
        );
      },
    });
    actor.send({ type: 'editExam.open' });
    await idle();
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('noEditsLeft'));
    expect(log).toContainEqual({
      action: 'showToast',
      params: {
        type: 'danger',
        message: { key: 'editExam.updateFailed', server: 'Editing is closed for this exam.' },
      },
    });
    expect(log.some((entry) => entry.action === 'finish')).toBe(false);
  });

  it('posts an online change directly, with no state or centre', async () => {
    const { actor, api, log, idle } = run();
    actor.send({ type: 'editExam.open' });
    await idle();
    expect(api.loadDates).toHaveBeenCalledWith({
      exam_mode: 'Online',
      branch_code: 'DL001',
      class_and_stream: '11&SOM',
    });
    expect(api.loadStates).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'editExam.submit' })).toBe(false); // nothing changed yet
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(api.updateExamInfo).toHaveBeenCalledWith({
      state_id: '',
      exam_date: '2026-03-12',
      exam_mode: 'Online',
      exam_center: '',
      class_and_stream: '11&SOM',
      // The booked slot is kept: the student changed only the date.
      exam_slot: 'online-9am-10pm',
    });
    expect(log.map((l) => l.action)).toEqual(['showToast', 'clearDraft', 'finish']);
  });

  it('sends once, however often Submit is pressed while the call is in flight', async () => {
    let answer: (reply: ExamEditInfoReply) => void = () => {};
    const { actor, api, idle } = run({ update: () => new Promise((resolve) => (answer = resolve)) });
    actor.send({ type: 'editExam.open' });
    await idle();
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    for (let i = 0; i < 5; i++) actor.send({ type: 'editExam.submit' });
    answer(updated);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(api.updateExamInfo).toHaveBeenCalledTimes(1);
  });

  it('switches to offline: state chosen by itself, centre code for the dates, the edit kept, then the gateway', async () => {
    const { actor, api, log, idle } = run({ update: async () => payFirst });
    actor.send({ type: 'editExam.open' });
    await idle();
    actor.send({ type: 'field.change', field: 'mode', value: 'Offline' });
    await idle();
    // Two offline slots: the states wait until one is chosen (slot → state → centre → date).
    expect(actor.getSnapshot().context.choice).toMatchObject({ mode: 'Offline', slot: '', state: '' });
    expect(api.loadStates).not.toHaveBeenCalled();
    actor.send({ type: 'field.change', field: 'slot', value: 'offline-afternoon' });
    await idle();
    expect(actor.getSnapshot().context.choice).toMatchObject({ slot: 'offline-afternoon', state: '9' });
    expect(api.loadCentres).toHaveBeenCalledWith({
      mode: 'Offline',
      state: '9',
      class_stream: '11&SOM',
      exam_type: 'iACST',
    });
    actor.send({ type: 'field.change', field: 'centre', value: CENTRE_B });
    await idle();
    expect(api.loadDates).toHaveBeenLastCalledWith({
      exam_mode: 'Offline',
      branch_code: 'DL002',
      class_and_stream: '11&SOM',
    });
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    expect(editExamView(actor.getSnapshot()).submit).toEqual({
      label: 'pay',
      amount: 100,
      enabled: true,
      why: undefined,
    });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    const draft = {
      classStream: '11&SOM',
      mode: 'Offline',
      slot: 'offline-afternoon',
      state: '9',
      centre: CENTRE_B,
      examDate: '2026-03-12',
    };
    expect(log).toEqual([
      { action: 'saveDraft', params: { draft } },
      { action: 'postPaymentForm', params: { paymentData } },
    ]);
    expect(api.updateExamInfo).toHaveBeenCalledWith({
      state_id: '9',
      exam_date: '2026-03-12',
      exam_mode: 'Offline',
      exam_center: CENTRE_B,
      class_and_stream: '11&SOM',
      exam_slot: 'offline-afternoon',
    });
  });

  it('follows the server when it charges nothing for the switch (paid before)', async () => {
    const { actor, log, idle } = run({ update: async () => updated });
    actor.send({ type: 'editExam.open' });
    await idle();
    actor.send({ type: 'field.change', field: 'mode', value: 'Offline' });
    await idle();
    actor.send({ type: 'field.change', field: 'slot', value: 'offline-morning' });
    await idle();
    actor.send({ type: 'field.change', field: 'centre', value: CENTRE_A });
    await idle();
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log.map((l) => l.action)).toEqual(['saveDraft', 'showToast', 'clearDraft', 'finish']);
  });

  it('drops a booked choice the list no longer offers, with what depended on it', async () => {
    const offline: Profile = {
      ...onlineProfile,
      exam_mode_and_slot: 'Offline, 2 PM to 5 PM',
      exam_mode: 'Offline',
      exam_slot_id: 'offline-afternoon',
      exam_state_id: '9',
      exam_center: 'Closed centre-DL009-9',
      is_payment_done: true,
    };
    const { actor, idle } = run({ profile: offline });
    actor.send({ type: 'editExam.open', profile: offline });
    await idle();
    expect(actor.getSnapshot().context.choice).toEqual({
      classStream: '11&SOM',
      mode: 'Offline',
      // The booked slot is kept: nothing that depends on the centre clears it.
      slot: 'offline-afternoon',
      state: '9',
      centre: '',
      examDate: '',
    });
    // Already offline: no fee, no Pay label.
    expect(editExamView(actor.getSnapshot()).modes).toEqual([
      { value: 'Online', price: 'free' },
      { value: 'Offline', price: 'none' },
    ]);
  });
});

describe('edit-exam machine: the offline fee is decided by offline_fee_paid alone', () => {
  // The profile's is_payment_done is the registration's payment; the switch fee is its own field.
  it.each([
    { paid: 'the registration only', profile: { is_payment_done: true, offline_fee_paid: false }, fee: 100 },
    { paid: 'the offline fee before', profile: { is_payment_done: false, offline_fee_paid: true }, fee: 0 },
  ])('an online student who paid $paid owes $fee for the switch', async ({ profile: paid, fee }) => {
    const profile: Profile = { ...onlineProfile, ...paid };
    const { actor, idle } = run({ profile });
    actor.send({ type: 'editExam.open', profile });
    await idle();
    const view = editExamView(actor.getSnapshot());
    expect(view.modes).toContainEqual({ value: 'Offline', price: fee > 0 ? fee : 'none' });
    actor.send({ type: 'field.change', field: 'mode', value: 'Offline' });
    await idle();
    expect(editExamView(actor.getSnapshot()).feeDue).toBe(fee);
  });
});

describe('edit-exam machine: the booked mode is a code on the wire (decision 026)', () => {
  // The slot label is the server's words, shown as sent (it may be Hindi, or reworded): the flow
  // starts from exam_mode, so a label that names the other mode changes nothing.
  it('starts offline from exam_mode Offline, whatever the slot label says', async () => {
    const offline: Profile = {
      ...onlineProfile,
      exam_mode: 'Offline',
      exam_mode_and_slot: 'Online, any time from 9 AM to 10 PM',
      exam_slot_id: '',
      exam_state_id: '9',
      exam_center: CENTRE_A,
      is_payment_done: true,
    };
    const { actor, api, idle } = run({ profile: offline });
    actor.send({ type: 'editExam.open', profile: offline });
    await idle();
    expect(actor.getSnapshot().context.original.mode).toBe('Offline');
    expect(editExamView(actor.getSnapshot()).mode).toBe('Offline');
    expect(api.loadDates).not.toHaveBeenCalledWith(expect.objectContaining({ exam_mode: 'Online' }));
  });

  it.each(['Offline, 2 PM to 5 PM', 'ऑफ़लाइन, दोपहर 2 से 5 बजे', ''])(
    'starts online from exam_mode Online when the label is %j',
    async (label) => {
      const online: Profile = { ...onlineProfile, exam_mode_and_slot: label };
      const { actor, api, idle } = run({ profile: online });
      actor.send({ type: 'editExam.open', profile: online });
      await idle();
      expect(actor.getSnapshot().context.original).toMatchObject({ mode: 'Online', slot: 'online-9am-10pm' });
      expect(api.loadDates).toHaveBeenCalledWith(expect.objectContaining({ exam_mode: 'Online' }));
      expect(api.loadStates).not.toHaveBeenCalled();
    },
  );
});

describe('edit-exam rules on the profile', () => {
  it('maps the profile to what the dashboard button and the dialog say', () => {
    expect(editAvailability(onlineProfile)).toBe('enabled');
    expect(editAvailability(lockedProfile)).toBe('disabled');
    expect(editAvailability(hiddenProfile)).toBe('hidden');
    expect(attemptNumber(onlineProfile)).toBe(1);
    expect(attemptNumber({ ...onlineProfile, exam_attempts_left: 1 })).toBe(2);
  });
});
