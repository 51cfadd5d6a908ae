// What the student sees of the login form in a machine state: the two fields with their values and
// errors, and whether the form is busy (logging in). The form renders from it and the login
// machine's model test checks it after every event. Pure: a snapshot in, values out.
import type { SnapshotFrom } from 'xstate';
import type { LoginMachine, LoginMessage } from '../../machines/login-machine';

export interface LoginView {
  rollNumber: { value: string; error?: LoginMessage };
  password: { value: string; error?: LoginMessage };
  /** Logging in (or leaving for the dashboard): Login is disabled and the form says it is busy. */
  busy: boolean;
}

export function loginView(state: SnapshotFrom<LoginMachine>): LoginView {
  const { rollNumber, password, errors } = state.context;
  return {
    rollNumber: { value: rollNumber, error: errors.rollNumber },
    password: { value: password, error: errors.password },
    busy: state.matches('submitting') || state.matches('loggedIn'),
  };
}
