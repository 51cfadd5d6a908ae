// The edit-exam machine with the real API and the portal's effects: the session token on every
// call, the session store's toast in the page's language, swr revalidation of the dashboard and the
// profile after a change, the edit kept in local storage across the gateway round trip, and the
// gateway's form post. The portal mounts <EditExamDialog actor={…} t={…} /> while the address says
// editExam=true, with editExamInput() as the machine's input: the flow opens itself from it (no
// effect sends it an event). The profile update (board, city,
// school) is wired here too: provideEditProfile, for <EditProfileForm actor={…} t={…} />.
import { mutate as globalMutate } from 'swr';
import { fromPromise } from 'xstate';
import type { RequestOptions } from '../../api/client';
import { fetchClassStreams } from '../../api/endpoints/class-streams';
import { fetchExamCentres } from '../../api/endpoints/exam-centres';
import { fetchExamEditDates } from '../../api/endpoints/exam-edit-dates';
import { updateExamInfo } from '../../api/endpoints/exam-edit-info';
import { fetchExamStates } from '../../api/endpoints/exam-states';
import { fetchMasterData } from '../../api/endpoints/master-data';
import { fetchSchools } from '../../api/endpoints/master-schools';
import { fetchProfile, profileKey } from '../../api/endpoints/profile';
import { updateProfile } from '../../api/endpoints/profile-update';
import type { Translate } from '../../engine/i18n';
import type { ExamEditPaymentData } from '../../generated/api/exam-edit-info';
import type { Profile } from '../../generated/api/profile';
import { editExamMachine, type EditExamMachine } from '../../machines/edit-exam-machine';
import type { EditChoice, EditExamInput, EditProgramme } from '../../machines/edit-exam-model';
import { editProfileMachine, type EditProfileMachine } from '../../machines/edit-profile-machine';
import { messageText } from '../../machines/message';
import { postToGateway } from '../gateway';
import type { ToastInput } from '../../ui/toast/toast-store';

/** Where the edit waits while the student is at the gateway (cleared on success and by logout). */
export const EDIT_DRAFT_KEY = 'examflow:edit-exam-draft';
/**
 * The choice being made while the dialog is open, for the tab (session storage, gone with the tab
 * and at logout): a reload or a discarded tab opens the dialog with it. Forgotten when the dialog
 * closes, the edit is saved or the student leaves for the gateway (the draft above takes over).
 */
export const EDIT_CHOICE_KEY = 'examflow:edit-exam-choice';

export interface EditExamDeps {
  /** The session token (read when a call is made, so a renewed token is used). */
  token: () => string;
  /** The session store's toast (sessionStore().showToast). */
  showToast: (toast: ToastInput) => void;
  /** The page's strings: toasts are said in its language. */
  t: Translate;
  /** Posts the gateway's form and leaves the page; src/app/gateway.ts postToGateway by default. */
  postPaymentForm?: (payment: ExamEditPaymentData) => void;
  /** Shows /dashboard (react-router's navigate), dropping the gateway's query. */
  navigate: (path: string) => void;
  /** swr's mutate of the portal's cache (useSWRConfig().mutate); the global one by default. */
  mutate?: (key: readonly unknown[]) => Promise<unknown>;
  /** Also told after a change (e.g. send 'dashboard.refresh' to the dashboard machine). */
  onUpdated?: () => void;
  /** The student closed the dialog (e.g. drop ?editExam=true from the query). */
  onClose?: () => void;
  /** Local storage by default. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The tab's storage (the choice being made); session storage by default. */
  tabStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** For calls from outside a browser page (tests). */
  request?: RequestOptions;
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);
const tabBrowserStorage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;

function writeKept(storage: KeptStorage, key: string, value: EditChoice | undefined): void {
  try {
    if (value) storage?.setItem(key, JSON.stringify(value));
    else storage?.removeItem(key);
  } catch {
    // Storage blocked: nothing is kept (a failed payment or a reload opens with the booked exam).
  }
}

/** A kept edit; one kept before the form had the slot has none ('' = not chosen). */
function isChoice(value: unknown): value is Omit<EditChoice, 'slot'> & { slot?: string } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['classStream', 'state', 'centre', 'examDate'].every((k) => typeof v[k] === 'string') &&
    (v.slot === undefined || typeof v.slot === 'string') &&
    (v.mode === 'Online' || v.mode === 'Offline' || v.mode === '')
  );
}

/** The kept edit (or the tab's choice: `key`), when it is one (storage blocked or garbled: none). */
export function readEditDraft(
  storage: KeptStorage = browserStorage(),
  key = EDIT_DRAFT_KEY,
): EditChoice | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return isChoice(value) ? { ...value, slot: value.slot ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The machine's input for this visit: `editExam=true` opens the dialog (with the profile the app
 * holds, else the flow loads it) and the choice the tab kept (a reload); `editExam=true&status=failure`
 * (back from a failed payment) reopens it with the kept edit (the flow loads the profile again); a
 * successful return drops the kept edit (the server applied it). Another status opens nothing.
 */
export function editExamInput(
  programme: EditProgramme,
  search: string,
  storage: KeptStorage = browserStorage(),
  profile?: Profile,
  tabStorage: KeptStorage = tabBrowserStorage(),
): EditExamInput {
  const query = new URLSearchParams(search);
  const returned = query.get('editExam') === 'true';
  if (returned && query.get('status') === 'success') writeKept(storage, EDIT_DRAFT_KEY, undefined);
  const reopen = returned && query.get('status') === 'failure' ? readEditDraft(storage) : undefined;
  const open = returned && !query.has('status');
  const resume = open ? readEditDraft(tabStorage, EDIT_CHOICE_KEY) : undefined;
  return {
    programme,
    ...(profile && open ? { profile } : {}),
    ...(reopen ? { reopen } : {}),
    ...(open ? { open } : {}),
    ...(resume ? { resume } : {}),
  };
}

/** The edit-exam machine wired to the API and the portal. */
export function provideEditExam(deps: EditExamDeps): EditExamMachine {
  const storage = deps.storage ?? browserStorage();
  const tabStorage = deps.tabStorage ?? tabBrowserStorage();
  const forgetChoice = () => writeKept(tabStorage, EDIT_CHOICE_KEY, undefined);
  const mutate = deps.mutate ?? ((key: readonly unknown[]) => globalMutate(key));
  return editExamMachine.provide({
    actors: {
      loadProfile: fromPromise(async () => (await fetchProfile(deps.token(), deps.request)).data),
      loadClassStreams: fromPromise(({ input }) => fetchClassStreams(input, deps.request)),
      loadStates: fromPromise(({ input }) => fetchExamStates(input, deps.request)),
      loadCentres: fromPromise(({ input }) => fetchExamCentres(input, deps.request)),
      loadDates: fromPromise(({ input }) => fetchExamEditDates(deps.token(), input, deps.request)),
      updateExamInfo: fromPromise(({ input }) => updateExamInfo(deps.token(), input, deps.request)),
    },
    actions: {
      showToast: (_, toast) =>
        deps.showToast({ type: toast.type, message: messageText(deps.t, toast.message) }),
      saveDraft: (_, { draft }) => writeKept(storage, EDIT_DRAFT_KEY, draft),
      clearDraft: () => writeKept(storage, EDIT_DRAFT_KEY, undefined),
      keepChoice: (_, { choice }) => writeKept(tabStorage, EDIT_CHOICE_KEY, choice),
      postPaymentForm: (_, { paymentData }) => {
        forgetChoice();
        (deps.postPaymentForm ?? postToGateway)(paymentData);
      },
      dialogClosed: () => {
        forgetChoice();
        deps.onClose?.();
      },
      finish: () => {
        forgetChoice();
        // The profile is read again here; the dashboard by the dashboard machine, which onUpdated
        // tells (it asks swr, decision 044: one reload, not two).
        void mutate(profileKey(deps.token()));
        deps.onUpdated?.();
        deps.navigate('/dashboard');
      },
    },
  });
}

export type EditProfileDeps = Pick<EditExamDeps, 'token' | 'showToast' | 't' | 'mutate' | 'request'> & {
  /** After a save: tell the dashboard machine ({ type: 'profile.updated', success: 'true' }). */
  onProfileSaved?: () => void;
};

/** The profile-update machine wired to the API; its input is { profile } (GET /api/profile's data). */
export function provideEditProfile(deps: EditProfileDeps): EditProfileMachine {
  const mutate = deps.mutate ?? ((key: readonly unknown[]) => globalMutate(key));
  return editProfileMachine.provide({
    actors: {
      loadMaster: fromPromise(({ input }) => fetchMasterData(input, deps.request)),
      loadSchools: fromPromise(({ input }) => fetchSchools(input, deps.request)),
      updateProfile: fromPromise(({ input }) => updateProfile(deps.token(), input, deps.request)),
    },
    actions: {
      showToast: (_, toast) =>
        deps.showToast({ type: toast.type, message: messageText(deps.t, toast.message) }),
      profileSaved: () => {
        // The dashboard is read again by the dashboard machine, which onProfileSaved tells.
        void mutate(profileKey(deps.token()));
        deps.onProfileSaved?.();
      },
    },
  });
}
