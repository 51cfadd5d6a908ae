// The profile update (part 2 §7 "POST profile update", §8): the student's school board, city and
// school, where the city's schools load once a city is chosen (the one cascade: a city clears the
// school, a city with one school chooses it). Save is possible once all three are chosen and one
// differs from the profile. A success shows the server's msg and the app re-fetches the profile
// and the dashboard (the dashboard machine's 'profile.updated'); a failure says 'Please try again
// later.' Hidden with remove_edit_exam_edit_profile, like the edit-exam flow.
import { assign, fromPromise, setup } from 'xstate';
import type { MasterDataQuery, MasterDataReply, MasterItem } from '../generated/api/master-data';
import type { MasterSchoolsParams, MasterSchoolsReply, School } from '../generated/api/master-schools';
import type { Profile } from '../generated/api/profile';
import type { ProfileUpdateBody, ProfileUpdateReply } from '../generated/api/profile-update';
import {
  fieldsAfter,
  loadingStates,
  loadRoutes,
  loneOption,
  loneOptionField,
  nextToLoad,
  type CascadeSpec,
  type FieldChange,
  type ListLoaderOf,
} from './cascade';
import { fromError, fromReply, say, type Message } from './message';
import { notProvided } from './not-provided';

const missing = (name: string) => notProvided('edit profile', name);

export const PROFILE_CHAIN = ['board', 'city', 'school'] as const;
export type ProfileField = (typeof PROFILE_CHAIN)[number];

export interface ProfileChoice {
  /** The board's name (what POST /api/profile takes). */
  board: string;
  /** The city's name. */
  city: string;
  /** The school's code. */
  school: string;
}

export interface ProfileLists {
  boards?: MasterItem[];
  cities?: MasterItem[];
  schools?: School[];
}

export interface EditProfileContext {
  original: ProfileChoice;
  choice: ProfileChoice;
  lists: ProfileLists;
  listError?: Message;
}

export type EditProfileEvent =
  FieldChange<ProfileField> | { type: 'profile.retry' } | { type: 'profile.submit' };

export interface ProfileToast {
  type: 'success' | 'danger';
  message: Message;
}

/** The profile's school details, as choices. */
export const profileChoice = (profile: Profile): ProfileChoice => ({
  board: profile.exam_board,
  city: profile.student_city,
  school: profile.school_id,
});

export function profileOptions(context: Pick<EditProfileContext, 'lists'>, field: ProfileField) {
  const { lists } = context;
  switch (field) {
    case 'board':
      return lists.boards?.map((b) => b.name ?? '');
    case 'city':
      return lists.cities?.map((c) => c.name ?? '');
    case 'school':
      return lists.schools?.map((s) => s.school_code);
  }
}

export const profileCascade: CascadeSpec<Pick<EditProfileContext, 'lists' | 'choice'>, ProfileField> = {
  fields: () => PROFILE_CHAIN,
  list: profileOptions,
  isChosen: (context, field) => context.choice[field] !== '',
};

export const profileComplete = (context: Pick<EditProfileContext, 'choice'>) =>
  PROFILE_CHAIN.every((field) => context.choice[field] !== '');

export const profileChanged = (context: Pick<EditProfileContext, 'choice' | 'original'>) =>
  PROFILE_CHAIN.some((field) => context.choice[field] !== context.original[field]);

/** A choice drops the later choices; a city drops its schools' list too. */
function choose(context: EditProfileContext, field: ProfileField, value: string) {
  const choice = { ...context.choice, [field]: value };
  const lists = { ...context.lists };
  for (const later of fieldsAfter(PROFILE_CHAIN, field)) {
    choice[later] = '';
    if (later === 'school') lists.schools = undefined;
  }
  return { choice, lists };
}

/** A loaded list that no longer offers the preset choice drops it (and what depended on it). */
function withList(context: EditProfileContext, lists: ProfileLists, field: ProfileField) {
  const next = { ...context, lists: { ...context.lists, ...lists } };
  const value = next.choice[field];
  if (value === '' || profileOptions(next, field)?.includes(value)) return { lists: next.lists };
  const cleared = choose(next, field, '');
  return { choice: cleared.choice, lists: { ...cleared.lists, ...lists } };
}

const actors = {
  loadMaster: fromPromise<MasterDataReply, MasterDataQuery>(missing('loadMaster')),
  loadSchools: fromPromise<MasterSchoolsReply, MasterSchoolsParams>(missing('loadSchools')),
  updateProfile: fromPromise<ProfileUpdateReply, ProfileUpdateBody>(missing('updateProfile')),
};

/** How each list of the chain loads (the one cascade shape, src/machines/cascade.ts). */
const loaders = {
  board: {
    id: 'loadBoards',
    src: 'loadMaster',
    input: () => ({ masterKey: 'exam_board' }),
    loaded: (context, output) => withList(context, { boards: output.data }, 'board'),
  },
  city: {
    id: 'loadCities',
    src: 'loadMaster',
    input: () => ({ masterKey: 'school_city' }),
    loaded: (context, output) => withList(context, { cities: output.data }, 'city'),
  },
  school: {
    id: 'loadSchools',
    src: 'loadSchools',
    input: ({ context }) => ({ city: context.choice.city }),
    loaded: (context, output) => withList(context, { schools: output.data }, 'school'),
  },
} satisfies Record<ProfileField, ListLoaderOf<EditProfileContext, typeof actors>>;

export const editProfileMachine = setup({
  types: {
    input: {} as { profile: Profile },
    context: {} as EditProfileContext,
    events: {} as EditProfileEvent,
  },
  actors,
  actions: {
    /** A list's reply (or its failure) applied to the context. */
    applyList: assign((_, patch: Partial<EditProfileContext>) => patch),
    showToast: (_, _params: ProfileToast) => {},
    /** The app re-fetches the profile and the dashboard ('profile.updated' with success 'true'). */
    profileSaved: () => {},
  },
  guards: {
    needsList: ({ context }, params: { field: ProfileField }) =>
      nextToLoad(profileCascade, context) === params.field,
    hasLoneOption: ({ context }) => loneOptionField(profileCascade, context) !== undefined,
    validChange: ({ context, event }) =>
      event.type === 'field.change' &&
      (event.value === '' || (profileOptions(context, event.field) ?? []).includes(event.value)),
    canSubmit: ({ context }) => profileComplete(context) && profileChanged(context),
    saved: (_, params: { reply: ProfileUpdateReply }) => params.reply.success === 'true',
  },
}).createMachine({
  id: 'editProfile',
  context: ({ input }) => ({
    original: profileChoice(input.profile),
    choice: profileChoice(input.profile),
    lists: {},
  }),
  initial: 'routing',
  on: {
    'field.change': {
      guard: 'validChange',
      target: '.routing',
      actions: assign(({ context, event }) => choose(context, event.field, event.value)),
    },
  },
  states: {
    routing: {
      always: [
        {
          guard: 'hasLoneOption',
          actions: assign(({ context }) => {
            const lone = loneOption(profileCascade, context, profileOptions);
            return lone ? choose(context, lone.field, lone.value) : {};
          }),
        },
        ...loadRoutes(PROFILE_CHAIN, loaders),
        { target: 'idle' },
      ],
    },
    idle: {
      on: { 'profile.submit': { guard: 'canSubmit', target: 'saving' } },
    },
    failed: {
      on: { 'profile.retry': { target: 'routing', actions: assign({ listError: undefined }) } },
    },
    ...loadingStates(loaders, (error) => ({ listError: fromError(error, 'editExam.optionsFailed') })),
    /** One call in flight: Save is not taken again until it answers. */
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => ({
          student_city: context.choice.city,
          school_board: context.choice.board,
          school_id: context.choice.school,
        }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => ({ reply: event.output }) },
            target: 'idle',
            actions: [
              assign({ original: ({ context }) => context.choice }),
              {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'success',
                  message: fromReply(event.output.msg, 'editExam.profileSaved'),
                }),
              },
              'profileSaved',
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'showToast',
              params: { type: 'danger', message: say('editExam.profileFailed') },
            },
          },
        ],
        // part 2 §8: 'Please try again later.', whatever the server said.
        onError: {
          target: 'idle',
          actions: { type: 'showToast', params: { type: 'danger', message: say('editExam.profileFailed') } },
        },
      },
    },
  },
});

export type EditProfileMachine = typeof editProfileMachine;
