import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { answeredWith, refusal } from '../api/client.test-support';
import { updateProfile } from '../api/endpoints/profile-update';
import type { MasterDataQuery, MasterDataReply } from '../generated/api/master-data';
import type { MasterSchoolsParams, MasterSchoolsReply } from '../generated/api/master-schools';
import type { ProfileUpdateBody, ProfileUpdateReply } from '../generated/api/profile-update';
import { editProfileView, type EditProfileSnapshot } from '../features/edit-exam/edit-profile-view';
import { apiError, onlineProfile } from '../../tests/fixtures/edit-exam';
import { editProfileMachine, type EditProfileContext, type ProfileToast } from './edit-profile-machine';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';

// The profile's board CBSE, city Delhi, school SCH001.
const boards: MasterDataReply = {
  success: 'true',
  msg: 'Success',
  data: [
    { tid: '1', name: 'CBSE', is_default: true },
    { tid: '2', name: 'ICSE', is_default: false },
  ],
};
const cities: MasterDataReply = {
  success: 'true',
  msg: 'Success',
  data: [
    { tid: '1', name: 'Delhi', state: 'Delhi' },
    { tid: '2', name: 'Pune', state: 'Maharashtra' },
  ],
};
const delhiSchools: MasterSchoolsReply = {
  success: 'true',
  data: [
    { short_school_name: 'Modern', full_school_name: 'Modern School', school_code: 'SCH001' },
    { short_school_name: 'DPS', full_school_name: 'Delhi Public School', school_code: 'SCH002' },
  ],
};
// Pune has one school: it is chosen by itself.
const puneSchools: MasterSchoolsReply = {
  success: 'true',
  data: [{ short_school_name: 'Fergusson', full_school_name: 'Fergusson School', school_code: 'SCH101' }],
};
const saved: ProfileUpdateReply = { success: 'true', msg: 'Your profile has been updated.' };
const saidFalse = { success: 'false', msg: 'No' } as unknown as ProfileUpdateReply;

type Logged = { action: 'showToast'; params: ProfileToast } | { action: 'profileSaved' };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, msg: string) => ({ type: `xstate.error.actor.${id}`, error: apiError(msg) });
const change = (field: string, value: string) => ({ type: 'field.change', field, value });

function expectView(log: Logged[]) {
  return (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot) => {
    const after = editProfileView(actual as EditProfileSnapshot);
    const before = editProfileView(previous as EditProfileSnapshot);
    const event = step.event as {
      type: string;
      field?: 'board' | 'city' | 'school';
      value?: string;
      output?: unknown;
    };
    const { choice, original } = actual.context as EditProfileContext;
    const complete = Boolean(choice.board && choice.city && choice.school);
    const changed =
      choice.board !== original.board || choice.city !== original.city || choice.school !== original.school;
    // Save only when all three are chosen and one changed, never while a list or the save runs.
    expect(after.submit.enabled).toBe(
      complete && changed && !after.listsBusy && !after.saving && !after.listError,
    );
    if (!after.submit.enabled) expect(after.submit.why).toBeDefined();
    switch (event.type) {
      case 'field.change':
        expect(after.fields[event.field ?? 'board'].value).toBe(event.value);
        // A city clears the school (until its list chooses the lone one).
        if (event.field === 'city') expect(after.fields.school.value).toBe('');
        break;
      case 'xstate.done.actor.loadSchools': {
        const reply = event.output as MasterSchoolsReply;
        expect(after.fields.school.options.map((o) => o.label)).toEqual(
          reply.data.map((s) => s.full_school_name),
        );
        if (reply.data.length === 1) expect(after.fields.school.value).toBe(reply.data[0]?.school_code);
        break;
      }
      case 'profile.submit':
        expect(after.saving).toBe(before.submit.enabled);
        break;
      case 'xstate.done.actor.updateProfile':
        expect(after.saving).toBe(false);
        if ((event.output as ProfileUpdateReply).success === 'true') {
          expect(log).toEqual([
            {
              action: 'showToast',
              params: { type: 'success', message: { key: 'editExam.profileSaved', server: saved.msg } },
            },
            { action: 'profileSaved' },
          ]);
          // Saved: nothing differs from the profile any more.
          expect(after.submit).toMatchObject({ enabled: false, why: 'unchanged' });
        } else {
          expect(log).toEqual([
            { action: 'showToast', params: { type: 'danger', message: { key: 'editExam.profileFailed' } } },
          ]);
        }
        break;
      case 'xstate.error.actor.updateProfile':
        // part 2 §8: 'Please try again later.', not the server's text.
        expect(log).toEqual([
          { action: 'showToast', params: { type: 'danger', message: { key: 'editExam.profileFailed' } } },
        ]);
        expect(after.submit.enabled).toBe(true);
        break;
      case 'xstate.error.actor.loadBoards':
      case 'xstate.error.actor.loadCities':
      case 'xstate.error.actor.loadSchools':
        expect(after.listError).toEqual({ key: 'editExam.optionsFailed', server: 'Down' });
        break;
    }
    log.length = 0;
  };
}

describe('edit-profile machine: model', () => {
  it('takes every transition and reaches every state, showing the student the right thing', async () => {
    const calls = new PendingCalls();
    const log: Logged[] = [];
    const machine = editProfileMachine.provide({
      actors: {
        loadMaster: calls.actor<MasterDataReply, MasterDataQuery>('loadMaster'),
        loadSchools: calls.actor<MasterSchoolsReply, MasterSchoolsParams>('loadSchools'),
        updateProfile: calls.actor<ProfileUpdateReply, ProfileUpdateBody>('updateProfile'),
      },
      actions: {
        showToast: (_, params) => void log.push({ action: 'showToast', params }),
        profileSaved: () => void log.push({ action: 'profileSaved' }),
      },
    });
    const events = [
      change('board', 'ICSE'),
      change('city', 'Pune'),
      change('city', 'Delhi'),
      change('school', 'SCH002'),
      change('board', 'Nope'),
      { type: 'profile.retry' },
      { type: 'profile.submit' },
      done('loadBoards', boards),
      failed('loadBoards', 'Down'),
      done('loadCities', cities),
      failed('loadCities', 'Down'),
      done('loadSchools', delhiSchools),
      done('loadSchools', puneSchools),
      failed('loadSchools', 'Down'),
      done('updateProfile', saved),
      done('updateProfile', saidFalse),
      failed('updateProfile', 'Please select a school in your city.'),
    ];
    const input = { profile: onlineProfile };
    const project = (c: EditProfileContext) => ({
      choice: c.choice,
      changed: JSON.stringify(c.choice) !== JSON.stringify(c.original),
      lists: [c.lists.boards?.length, c.lists.cities?.length, c.lists.schools?.length],
      error: Boolean(c.listError),
    });
    const coverage = emptyCoverage();
    const paths = transitionCoverPaths({
      machine,
      input,
      events,
      project: (c) => project(c as EditProfileContext),
    });
    console.log(`edit-profile machine: ${paths.length} model paths`);
    for (const path of paths) {
      log.length = 0;
      await replayPath(path, {
        machine,
        input,
        calls: aliased(calls),
        delays: {},
        coverage,
        expectView: expectView(log),
      });
    }
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });
});

/** The replay settles calls by invoke id; both master lists are calls of the one loadMaster actor. */
function aliased(calls: PendingCalls): PendingCalls {
  const settle = calls.settle.bind(calls);
  return Object.assign(Object.create(calls) as PendingCalls, {
    settle: (id: string, outcome: Parameters<PendingCalls['settle']>[1]) =>
      settle(id === 'loadBoards' || id === 'loadCities' ? 'loadMaster' : id, outcome),
    reset: () => calls.reset(),
  });
}

describe('edit-profile machine: rules', () => {
  it("takes a 200 whose body says success 'false' as a failed save: 'Please try again later.', nothing saved", async () => {
    const log: Logged[] = [];
    const machine = editProfileMachine.provide({
      actors: {
        loadMaster: fromPromise<MasterDataReply, MasterDataQuery>(async ({ input }) =>
          input.masterKey === 'exam_board' ? boards : cities,
        ),
        loadSchools: fromPromise<MasterSchoolsReply, MasterSchoolsParams>(async () => delhiSchools),
        updateProfile: fromPromise<ProfileUpdateReply, ProfileUpdateBody>(({ input }) =>
          answeredWith(refusal('The school list is being updated.'), (o) => updateProfile('token', input, o)),
        ),
      },
      actions: {
        showToast: (_, params) => void log.push({ action: 'showToast', params }),
        profileSaved: () => void log.push({ action: 'profileSaved' }),
      },
    });
    const actor = createActor(machine, { input: { profile: onlineProfile } }).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'field.change', field: 'school', value: 'SCH002' });
    actor.send({ type: 'profile.submit' });
    await waitFor(actor, (s) => s.matches('idle') && log.length > 0);
    // Part 2 §8: the profile update's own sentence, whatever the server said.
    expect(log).toEqual([
      { action: 'showToast', params: { type: 'danger', message: { key: 'editExam.profileFailed' } } },
    ]);
    expect(actor.getSnapshot().context.original.school).toBe('SCH001');
  });
});
