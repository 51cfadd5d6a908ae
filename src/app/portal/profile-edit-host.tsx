// The profile update (board, city, school; part 2 §7 "POST profile update") inside View Profile,
// with its machine; a chunk of its own, loaded when the student asks to edit.
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { Profile } from '../../generated/api/profile';
import { EditProfileForm } from '../../features/edit-exam/edit-profile-form';
import { provideEditProfile } from './edit-exam-wiring';
import { usePortal } from './portal-provider';
import { actorInspect } from '../../devtools/live/actor-inspect';

export default function ProfileEditHost({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { token, t, store } = usePortal();
  const { mutate } = useSWRConfig();
  const machine = useMemo(
    () =>
      provideEditProfile({
        token: () => token,
        showToast: (toast) => store.showToast(toast),
        t,
        mutate: (key) => mutate(key),
        onProfileSaved: onSaved,
      }),
    // One machine while the form is mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token],
  );
  const actor = useActorRef(machine, { input: { profile }, inspect: actorInspect });
  return <EditProfileForm actor={actor} t={t} />;
}
