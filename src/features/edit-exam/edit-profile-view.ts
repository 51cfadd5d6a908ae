// What the student sees of the profile update, from the machine's snapshot alone (the form renders
// it; the model test asserts it at every state).
import type { SnapshotFrom } from 'xstate';
import {
  profileChanged,
  profileComplete,
  type EditProfileMachine,
  type ProfileField,
} from '../../machines/edit-profile-machine';
import type { Message } from '../../machines/message';
import type { EditOption } from './edit-exam-view';

export type EditProfileSnapshot = SnapshotFrom<EditProfileMachine>;

export interface EditProfileView {
  fields: Record<ProfileField, { value: string; options: EditOption[] }>;
  listsBusy: boolean;
  saving: boolean;
  listError?: Message;
  submit: { enabled: boolean; why?: 'busy' | 'incomplete' | 'unchanged' };
}

export function editProfileView(state: EditProfileSnapshot): EditProfileView {
  const { context } = state;
  const { lists, choice } = context;
  const saving = state.matches('saving');
  const listsBusy = !saving && !state.matches('idle') && !state.matches('failed');
  const enabled = state.can({ type: 'profile.submit' });
  return {
    fields: {
      board: {
        value: choice.board,
        options: (lists.boards ?? []).map((b) => ({ value: b.name ?? '', label: b.name ?? '' })),
      },
      city: {
        value: choice.city,
        options: (lists.cities ?? []).map((c) => ({ value: c.name ?? '', label: c.name ?? '' })),
      },
      school: {
        value: choice.school,
        options: (lists.schools ?? []).map((s) => ({ value: s.school_code, label: s.full_school_name })),
      },
    },
    listsBusy,
    saving,
    listError: state.matches('failed') ? context.listError : undefined,
    submit: {
      enabled,
      why: enabled
        ? undefined
        : saving || listsBusy || state.matches('failed')
          ? 'busy'
          : !profileComplete(context)
            ? 'incomplete'
            : !profileChanged(context)
              ? 'unchanged'
              : 'busy',
    },
  };
}
