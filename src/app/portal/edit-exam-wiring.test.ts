// The wired edit-exam flow against the real server: an online date change (server msg toast, swr
// keys revalidated, back to /dashboard), an offline switch (the edit kept, the gateway's form), the
// failed payment's return reopening with the kept edit, and two concurrent submits changing once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import en from '../../../config/i18n/en.json';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { listen } from '../../api/endpoints/endpoints.test-support';
import { profileKey } from '../../api/endpoints/profile';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import { memoryStorage } from '../session-store';
import type { Profile } from '../../generated/api/profile';
import type { EditProgramme } from '../../machines/edit-exam-model';
import {
  EDIT_CHOICE_KEY,
  EDIT_DRAFT_KEY,
  editExamInput,
  provideEditExam,
  provideEditProfile,
  readEditDraft,
} from './edit-exam-wiring';

const START = new Date('2026-03-10T06:30:00.000Z');
// iACST's: online only has a slot of its own; its offline switch has none (so no slot field).
const programme: EditProgramme = {
  mode: 'online',
  fee: { amount: 0, offlineSwitchFee: 100 },
  schedule: {
    slots: [
      {
        id: 'online-9am-10pm',
        label: 'Online, any time from 9 AM to 10 PM',
        mode: 'Online',
        start: '09:00',
        end: '22:00',
      },
    ],
  },
};
const t = createTranslator(en.strings as UiStringTable);
let app: TestApp;
let baseUrl = '';
beforeAll(async () => {
  app = await testApp({ start: START });
  baseUrl = await listen(app);
});
afterAll(async () => app.close());

async function wired(roll: string, dob: string) {
  const token = (await app.login(roll, dob)).authorization.replace(/^Bearer /, '');
  const deps = {
    token: () => token,
    showToast: vi.fn(),
    t,
    postPaymentForm: vi.fn(),
    navigate: vi.fn(),
    mutate: vi.fn(async () => undefined),
    storage: memoryStorage(),
    request: { baseUrl },
  };
  const machine = provideEditExam(deps);
  return { token, deps, machine };
}

describe('edit exam, wired to the real API', () => {
  it('moves an online exam: the server msg as a toast, dashboard and profile revalidated, /dashboard', async () => {
    const { token, deps, machine } = await wired('250000000003', '22/07/2007');
    const actor = createActor(machine, { input: { programme } }).start();
    actor.send({ type: 'editExam.open' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-12' });
    actor.send({ type: 'editExam.submit' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    // The server's own msg (its date label is the server's wording).
    expect(deps.showToast).toHaveBeenCalledWith({
      type: 'success',
      message: expect.stringMatching(/^Your exam details have been updated\. Your exam is on .*12 Mar 2026/),
    });
    // The profile is read again; the dashboard by the dashboard machine, told by onUpdated.
    expect(deps.mutate.mock.calls).toEqual([[profileKey(token)]]);
    expect(deps.navigate).toHaveBeenCalledWith('/dashboard');
    const profile = await app.call({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    // Once is once: two presses, one edit used.
    expect(profile.data.data).toMatchObject({ exam_date_id: '2026-03-12', exam_attempts_left: 1 });
  });

  it('switches to offline through the gateway, and a failed payment reopens with the kept edit', async () => {
    const { deps, machine } = await wired('250000000015', '21/09/2008');
    const actor = createActor(machine, { input: { programme } }).start();
    actor.send({ type: 'editExam.open' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    actor.send({ type: 'field.change', field: 'mode', value: 'Offline' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }) && s.context.lists.states !== undefined, {
      timeout: 5000,
    });
    // Delhi is one of several states here: choose it, then its central centre and a date.
    actor.send({ type: 'field.change', field: 'state', value: '9' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    actor.send({ type: 'field.change', field: 'centre', value: 'RCC Delhi Central-DL001-1' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    actor.send({ type: 'field.change', field: 'examDate', value: '2026-03-15' });
    actor.send({ type: 'editExam.submit' });
    await waitFor(actor, (s) => s.matches('redirecting'), { timeout: 5000 });
    expect(deps.postPaymentForm).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 100, action_url: '/sandbox/gateway' }),
    );
    const kept = readEditDraft(deps.storage);
    expect(kept).toMatchObject({
      mode: 'Offline',
      state: '9',
      centre: 'RCC Delhi Central-DL001-1',
      examDate: '2026-03-15',
    });

    // Back with status=failure: the dialog opens at once with the kept edit.
    const input = editExamInput(programme, '?editExam=true&status=failure', deps.storage);
    expect(input.reopen).toEqual(kept);
    const again = createActor(machine, { input }).start();
    await waitFor(again, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    expect(again.getSnapshot().context.choice).toEqual(kept);
    expect(again.getSnapshot().context.notice).toEqual({ key: 'editExam.paymentFailed' });
    // A successful return drops it.
    editExamInput(programme, '?editExam=true&status=success', deps.storage);
    expect(deps.storage.getItem(EDIT_DRAFT_KEY)).toBeNull();
  });
});

describe('profile update, wired to the real API', () => {
  async function profileFlow(roll: string, dob: string) {
    const { token, deps } = await wired(roll, dob);
    const onProfileSaved = vi.fn();
    const machine = provideEditProfile({ ...deps, onProfileSaved });
    const profile = (
      await app.call({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } })
    ).data.data as unknown as Profile;
    const actor = createActor(machine, { input: { profile } }).start();
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    // Board → city → school: a board clears the city and school, a city clears the school.
    actor.send({ type: 'field.change', field: 'board', value: 'ICSE' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send({ type: 'field.change', field: 'city', value: 'Pune' });
    const ready = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    const school = ready.context.lists.schools?.[0]?.school_code ?? '';
    actor.send({ type: 'field.change', field: 'school', value: school });
    actor.send({ type: 'profile.submit' });
    actor.send({ type: 'profile.submit' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    return { token, deps, onProfileSaved, school };
  }

  it('saves board, city and school: the server msg, the profile and dashboard revalidated', async () => {
    const { token, deps, onProfileSaved, school } = await profileFlow('250000000002', '14/03/2011');
    expect(deps.showToast).toHaveBeenCalledWith({
      type: 'success',
      message: 'Your profile has been updated.',
    });
    // The dashboard is read again by the dashboard machine, told by onProfileSaved.
    expect(deps.mutate.mock.calls).toEqual([[profileKey(token)]]);
    expect(onProfileSaved).toHaveBeenCalledTimes(1);
    const profile = await app.call({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.data.data).toMatchObject({ student_city: 'Pune', exam_board: 'ICSE', school_id: school });
  });

  it("a refused update says 'Please try again later.'", async () => {
    await app.db
      .updateTable('students')
      .set({ remove_edit_exam_edit_profile: 1 })
      .where('roll_number', '=', '250000000004')
      .execute();
    const { deps, onProfileSaved } = await profileFlow('250000000004', '09/11/2008');
    expect(deps.showToast).toHaveBeenCalledWith({ type: 'danger', message: 'Please try again later.' });
    expect(onProfileSaved).not.toHaveBeenCalled();
  });
});

describe('edit exam after a reload', () => {
  it('opens again with the choice being made, not the booked exam; closing the dialog forgets it', async () => {
    const { deps } = await wired('250000000003', '22/07/2007');
    const tabStorage = memoryStorage();
    const machine = provideEditExam({ ...deps, tabStorage });
    const opened = () => editExamInput(programme, '?editExam=true', deps.storage, undefined, tabStorage);
    const first = createActor(machine, { input: opened() }).start();
    await waitFor(first, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    const { original, lists } = first.getSnapshot().context;
    const other = lists.dates?.find((d) => d.value !== original.examDate)?.value;
    if (!other) throw new Error('no other date to choose');
    first.send({ type: 'field.change', field: 'examDate', value: other });
    // The reload: the page and its actor are gone; the tab kept the choice (no secret in it).
    first.stop();
    const input = opened();
    expect(input.resume).toEqual({ ...original, examDate: other });
    const again = createActor(machine, { input }).start();
    await waitFor(again, (s) => s.matches({ editing: 'idle' }), { timeout: 5000 });
    expect(again.getSnapshot().context.choice.examDate).toBe(other);
    expect(again.getSnapshot().context.original.examDate).toBe(original.examDate);
    expect(again.getSnapshot().context.notice).toBeUndefined();
    // Closed: the next open starts from the booked exam again.
    again.send({ type: 'editExam.close' });
    expect(tabStorage.getItem(EDIT_CHOICE_KEY)).toBeNull();
    expect(opened().resume).toBeUndefined();
    // A gateway return never takes the tab's choice (the kept edit decides there).
    tabStorage.setItem(EDIT_CHOICE_KEY, JSON.stringify({ ...original, examDate: other }));
    expect(
      editExamInput(programme, '?editExam=true&status=failure', deps.storage, undefined, tabStorage).resume,
    ).toBeUndefined();
  });
});

describe('the edit-exam input: the address decides how the flow starts', () => {
  const profile = { roll_number: '250000000001' } as Profile;
  it('opens with the profile the app holds on editExam=true, and on no other address', () => {
    expect(editExamInput(programme, '?editExam=true', memoryStorage(), profile)).toEqual({
      programme,
      profile,
      open: true,
    });
    expect(editExamInput(programme, '', memoryStorage(), profile)).toEqual({ programme });
    // A gateway status that is not a failure with a kept edit opens nothing.
    expect(editExamInput(programme, '?editExam=true&status=aborted', memoryStorage(), profile)).toEqual({
      programme,
    });
  });

  it('reopens a failed payment with the kept edit, loading the profile again', () => {
    const storage = memoryStorage();
    const kept = { classStream: '11&SOM', mode: 'Offline', slot: '', state: '9', centre: 'C', examDate: 'D' };
    storage.setItem(EDIT_DRAFT_KEY, JSON.stringify(kept));
    expect(editExamInput(programme, '?editExam=true&status=failure', storage, profile)).toEqual({
      programme,
      reopen: kept,
    });
  });
});
