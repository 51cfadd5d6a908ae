// What the dashboard machine's state shows (the route renders it; the model test asserts it).
import type { SnapshotFrom } from 'xstate';
import type { DashboardContext, dashboardMachine } from '../../machines/dashboard-machine';

export interface DashboardView {
  /** loading: the spinner; error: 'Error: …' and the error card; loaded: the blocks. */
  status: 'loading' | 'error' | 'loaded';
  /** The failure to show ('Error: ' plus it), also above the blocks when a reload failed. */
  error: DashboardContext['error'];
  /** A reload under way while the last answer stays on screen. */
  refreshing: boolean;
  coursesLoading: boolean;
  /** The token-then-result spinner. */
  resultLoading: boolean;
}

export function dashboardView(snapshot: SnapshotFrom<typeof dashboardMachine>): DashboardView {
  // The dashboard has loaded once (its answer is swr's; the blocks read it there).
  const { flow, error } = snapshot.context;
  const failed = snapshot.matches('error');
  return {
    status: flow ? 'loaded' : failed ? 'error' : 'loading',
    error: failed ? error : null,
    refreshing: flow !== null && snapshot.matches('loading'),
    coursesLoading:
      snapshot.matches({ loaded: { courses: 'profile' } }) ||
      snapshot.matches({ loaded: { courses: 'loading' } }),
    resultLoading:
      snapshot.matches({ loaded: { result: 'token' } }) ||
      snapshot.matches({ loaded: { result: 'fetching' } }),
  };
}
