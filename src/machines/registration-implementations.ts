// The app's calls and effects for the registration card, by the names the step machines give
// them (registration-provide.ts gives each to the step that makes it).
import type { RegistrationDetailsMachine } from './registration-details-machine';
import type { RegistrationExamMachine } from './registration-exam-machine';
import type { OrderConfirmationMachine } from './order-confirmation-machine';
import type { RegistrationMachine } from './registration-machine';
import type { RegistrationMobileMachine } from './registration-mobile-machine';
import type { StepName, ToastParams, TrackParams } from './registration-model';
import type { RegistrationSignupMachine } from './registration-signup-machine';
import type { RegistrationSuccessMachine } from './registration-success-machine';

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
  ActorsOf<RegistrationMachine>,
  StepName | 'loadLaterSteps' | 'confirmOrder'
> &
  ActorsOf<OrderConfirmationMachine> &
  ActorsOf<RegistrationMobileMachine> &
  ActorsOf<RegistrationDetailsMachine> &
  ActorsOf<RegistrationExamMachine> &
  ActorsOf<RegistrationSignupMachine> &
  ActorsOf<RegistrationSuccessMachine>;

/** Every effect of the card, by name; `track` and `showToast` serve every step that uses them. */
export type RegistrationActions = Pick<ActionsOf<RegistrationMachine>, 'goToLogin'> &
  Pick<ActionsOf<RegistrationSignupMachine>, 'redirectToPayment' | 'rememberRegistration'> &
  Pick<ActionsOf<RegistrationSuccessMachine>, 'goToDashboard'> & {
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
export const given = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
