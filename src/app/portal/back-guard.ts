// The browser's Back as a leave attempt (part 2 §4 "Exit intent"; on a phone Back is the only way
// to leave, so without this phones never saw the modal). A view that can show the exit intent
// stands on a guard entry: a copy of its history entry (same address, same router state) pushed
// on top and marked. Back from the guard lands on the entry beneath it, the same address, so the
// router keeps the view; that popstate is the leave attempt. The machine shows the modal once;
// while an input is focused, or once the modal has been shown, the Back goes on (a second
// history.back()) to where the student meant to go. No router blocker: react-router's useBlocker
// needs its data router, which the portal left (decision 012), and nothing waits on the router.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { PurchaseActor } from './purchase-actor';

/** The mark of a guard entry in history.state (beside react-router's usr, key and idx). */
const GUARD = 'examflowExitGuard';

type EntryState = Record<string, unknown>;
/** What tells a guard's base entry: react-router's key and index, copied into the guard. */
type EntryId = { key: unknown; idx: unknown };

const entryState = (): EntryState | null => {
  const state = window.history.state as unknown;
  return state !== null && typeof state === 'object' ? (state as EntryState) : null;
};
const idOf = (state: EntryState | null): EntryId => ({ key: state?.key, idx: state?.idx });

/**
 * Arms the guard while the view is the address's and the machine can take `exit.attempt`, and
 * turns Back from it into that attempt. `typing` says whether an input holds the focus.
 */
export function useBackAsLeaveAttempt(actor: PurchaseActor, typing: () => boolean): void {
  const { pathname } = useLocation();
  const routePath = useRef(pathname);
  const guard = useRef<EntryId | null>(null);
  const leaving = useRef(false);
  useLayoutEffect(() => {
    routePath.current = pathname;
  }, [pathname]);

  // Before the first paint, so a Back at once finds the guard.
  useLayoutEffect(() => {
    const arm = () => {
      const state = entryState();
      if (state?.[GUARD] === true) {
        guard.current = idOf(state);
        return;
      }
      // A view still drawn after the address moved on (a lazy view loading) guards nothing.
      if (guard.current || leaving.current || window.location.pathname !== routePath.current) return;
      if (!actor.getSnapshot().can({ type: 'exit.attempt' })) return;
      // The base entry keeps no scroll position of its own (the mode is the entry's): Back from the
      // guard leaves the page where it is, not where it was when the guard was pushed (the
      // dashboard's position, before the view's scroll to the top). The guard itself restores.
      window.history.scrollRestoration = 'manual';
      window.history.pushState({ ...state, [GUARD]: true }, '');
      window.history.scrollRestoration = 'auto';
      guard.current = idOf(state);
    };
    arm();
    const subscription = actor.subscribe(arm);
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    const popped = () => {
      leaving.current = false;
      const state = entryState();
      if (state?.[GUARD] === true) {
        // Back onto a guard from a later view, or Forward onto it: armed again.
        guard.current = idOf(state);
        return;
      }
      const left = guard.current;
      guard.current = null;
      const here = idOf(state);
      // Only the step from the guard to its own base entry is a leave attempt (Forward to a
      // later view is not).
      if (!left || here.key !== left.key || here.idx !== left.idx) return;
      if (!typing() && actor.getSnapshot().can({ type: 'exit.attempt' })) {
        actor.send({ type: 'exit.attempt' });
        return;
      }
      leaving.current = true;
      window.history.back();
    };
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, [actor, typing]);
}
