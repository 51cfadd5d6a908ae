// The app's calls and effects for the registration card, by the names the step machines give
// them: each goes to the machine that makes it (XState's `.provide()` does not reach a child), so
// the island and the tests name a call once, not the step that happens to own it.
import type { ProvidedActor } from 'xstate';
import { registrationDetailsMachine } from './registration-details-machine';
import { registrationExamMachine } from './registration-exam-machine';
import { registrationMachine } from './registration-machine';
import { registrationMobileMachine } from './registration-mobile-machine';
import type { ToastParams, TrackParams } from './registration-model';
import { registrationSignupMachine } from './registration-signup-machine';
import { registrationSuccessMachine } from './registration-success-machine';

type Implementations<M extends { provide: (implementations: never) => unknown }> = NonNullable<
  Parameters<M['provide']>[0]
>;
type ActorsOf<M extends { provide: (implementations: never) => unknown }> = NonNullable<
  Implementations<M> extends { actors?: infer A } ? A : never
>;
type ActionsOf<M extends { provide: (implementations: never) => unknown }> = NonNullable<
  Implementations<M> extends { actions?: infer A } ? A : never
>;

/** Every call of the card, by name (the step machines' own children are not calls). */
export type RegistrationActors = Omit<
  ActorsOf<typeof registrationMachine>,
  'mobileStep' | 'detailsStep' | 'examStep' | 'signupStep' | 'successStep'
> &
  ActorsOf<typeof registrationMobileMachine> &
  ActorsOf<typeof registrationDetailsMachine> &
  ActorsOf<typeof registrationExamMachine> &
  ActorsOf<typeof registrationSignupMachine> &
  ActorsOf<typeof registrationSuccessMachine>;

/** Every effect of the card, by name; `track` and `showToast` serve every step that uses them. */
export type RegistrationActions = Pick<ActionsOf<typeof registrationMachine>, 'goToLogin'> &
  Pick<ActionsOf<typeof registrationSignupMachine>, 'redirectToPayment' | 'rememberRegistration'> &
  Pick<ActionsOf<typeof registrationSuccessMachine>, 'goToDashboard'> & {
    track?: (args: unknown, params: TrackParams) => void;
    showToast?: (args: unknown, params: ToastParams) => void;
  };

export interface RegistrationImplementations {
  actors?: RegistrationActors;
  actions?: RegistrationActions;
  /** The mobile step's caller-identity delays (tests run them on a simulated clock). */
  delays?: Partial<Record<'focusCheckDelay' | 'pollInterval', number>>;
}

/** Only the names given: an undefined one would replace the machine's own default. */
const given = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

/** The registration machine with the app's calls and effects given to the steps that make them. */
export function provideRegistration({ actors = {}, actions = {}, delays = {} }: RegistrationImplementations) {
  const { verifyMobile, startCallerIdentity, checkCallerIdentity, loadClassStreams, signup, copyText } =
    actors;
  const { loadSlots, loadStates, loadCentres, loadDates, loadOnlinePreset, locateNearestCentre } = actors;
  const { validateCoupon, fetchLeadBySfId, fetchLeadsByMobile } = actors;
  const { track, showToast, redirectToPayment, rememberRegistration, goToLogin, goToDashboard } = actions;
  const steps: Record<string, ProvidedActor['logic']> = {
    mobileStep: registrationMobileMachine.provide({
      actors: given({ verifyMobile, startCallerIdentity, checkCallerIdentity }),
      actions: given({ track }),
      delays: given(delays),
    }),
    detailsStep: registrationDetailsMachine.provide({
      actors: given({ loadClassStreams }),
      actions: given({ track }),
    }),
    examStep: registrationExamMachine.provide({
      actors: given({
        loadSlots,
        loadStates,
        loadCentres,
        loadDates,
        loadOnlinePreset,
        locateNearestCentre,
        validateCoupon,
      }),
      actions: given({ track }),
    }),
    signupStep: registrationSignupMachine.provide({
      actors: given({ signup }),
      actions: given({ track, showToast, redirectToPayment, rememberRegistration }),
    }),
    successStep: registrationSuccessMachine.provide({
      actors: given({ copyText }),
      actions: given({ showToast, goToDashboard }),
    }),
  };
  return registrationMachine.provide({
    actors: given({ ...steps, fetchLeadBySfId, fetchLeadsByMobile }),
    actions: given({ goToLogin, track }),
  });
}
