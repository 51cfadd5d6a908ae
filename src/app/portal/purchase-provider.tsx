// The purchase actor's provider: one per mounted portal, so the actor lives as long as the app
// (the dashboard's gateway return and retention pop-up and the course views share it: a Back or a
// route change never loses the entered address) and never longer (no module-level actor). The
// purchase machine is a lazy chunk (course-purchase.ts): this provider, in the app's own chunk,
// holds the slot and the router's navigate, and the chunk creates the actor in the slot on first
// use, with every dependency and its input given at creation. The machine never navigates
// (decision 044): the chunk moves the address when the machine asks for a view.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { CoursePurchaseMachine } from '../../machines/course-purchase-machine';

export type PurchaseActor = ActorRefFrom<CoursePurchaseMachine>;

/** A new actor, and the address to replace the current one with as it starts (if any). */
export interface CreatedActor {
  actor: PurchaseActor;
  replaceWith?: string;
}

export interface PurchaseSlot {
  /** The app's actor, or creates it (once) with `create`; started by `start`, after the render. */
  actor: (create: () => CreatedActor) => PurchaseActor;
  /**
   * Starts the actor once the app's first commit is done (the address may change as it starts, and
   * the router hears a navigation only after its own layout effect), so a view's layout effect may
   * call it in that first commit too: the start then waits for the provider's effect.
   */
  start: () => void;
  /**
   * The app's navigate, for absolute paths only (the first render's: its relative paths would
   * resolve against the address the app was mounted on).
   */
  navigate: NavigateFunction;
}

const PurchaseContext = createContext<PurchaseSlot | null>(null);

function createSlot(navigate: NavigateFunction) {
  let actor: PurchaseActor | null = null;
  let replaceWith: string | undefined;
  let committed = false;
  let started = false;
  const start = () => {
    if (!actor || started || !committed) return;
    started = true;
    actor.start();
    if (replaceWith !== undefined) navigate(replaceWith, { replace: true });
  };
  return {
    navigate,
    actor: (create: () => CreatedActor) => {
      if (!actor) ({ actor, replaceWith } = create());
      return actor;
    },
    start,
    committed: () => {
      committed = true;
      start();
    },
    stop: () => {
      actor?.stop();
      actor = null;
      replaceWith = undefined;
      committed = false;
      started = false;
    },
  };
}

/** Inside the router (for its navigate); wraps the app's views. */
export function PurchaseProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [slot] = useState(() => createSlot(navigate));
  // A passive effect: after every layout effect of the commit, the router's listener included.
  // The actor ends with the app.
  useEffect(() => {
    slot.committed();
    return () => slot.stop();
  }, [slot]);
  return <PurchaseContext.Provider value={slot}>{children}</PurchaseContext.Provider>;
}

export function usePurchaseSlot(): PurchaseSlot {
  const slot = useContext(PurchaseContext);
  if (!slot) throw new Error('usePurchaseSlot outside PurchaseProvider');
  return slot;
}
