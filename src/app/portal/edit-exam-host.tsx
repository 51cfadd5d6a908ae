// The edit-exam dialog with its machine, mounted while the query says editExam=true (a chunk of its
// own: the dashboard does not download it until the student opens it).
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Profile } from '../../generated/api/profile';
import { EditExamDialog, prefetchEditExamForm } from '../../features/edit-exam/edit-exam-dialog';
import { editExamInput, provideEditExam } from './edit-exam-wiring';
import { usePortal } from './portal-provider';
import { actorInspect } from '../../devtools/live/actor-inspect';

void prefetchEditExamForm();

export default function EditExamHost({
  profile,
  onUpdated,
  onClose,
}: {
  profile: Profile | undefined;
  onUpdated: () => void;
  onClose: () => void;
}) {
  const { token, config, t, store } = usePortal();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      provideEditExam({
        token: () => token,
        showToast: (toast) => store.showToast(toast),
        t,
        mutate: (key) => mutate(key),
        navigate: (path) => navigate(path, { replace: true }),
        onUpdated,
        onClose,
      }),
    // One machine while the dialog is mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token],
  );
  // The address decides how the flow starts (its input): editExam=true opens it with the profile
  // swr holds, the gateway's failure return (status=failure) reopens it with the kept edit.
  const actor = useActorRef(machine, {
    input: editExamInput(config.programme, window.location.search, undefined, profile),
    inspect: actorInspect,
  });
  return <EditExamDialog actor={actor} t={t} />;
}
