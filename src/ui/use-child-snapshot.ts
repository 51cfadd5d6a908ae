// A child actor's snapshot in a view (the verify-mobile flow a screen's machine invokes): @xstate/react's
// useSelector needs an actor, but a child exists only while its state is active.
import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/** The child's snapshot, re-rendering as it changes; undefined while there is no child. */
export function useChildSnapshot<T extends AnyActorRef>(actor: T | undefined): SnapshotFrom<T> | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => actor?.getSnapshot() as SnapshotFrom<T> | undefined,
    () => actor?.getSnapshot() as SnapshotFrom<T> | undefined,
  );
}
