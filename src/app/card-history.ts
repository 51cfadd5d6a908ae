// Browser Back inside the registration card (decision 041): one history entry per step, on the
// landing's own address, so Back at step 3 returns to step 2 instead of leaving the page. A Back
// that would leave a card at step 2 or 3 asks once first (`askToLeave`: the card says "press Back
// again"); the next one leaves. Leaving loses nothing: the card is kept for the tab, and Forward or
// coming back resumes it. Where the card goes by itself (Edit details, the thank-you), the history
// follows it back, so no Back is spent on a step the card has left.
import type { ActorRefFrom } from 'xstate';
import type { RegistrationMachine } from '../machines/registration-machine';
import { cardDepth, stepBack } from '../machines/registration-resume';

type CardActor = ActorRefFrom<RegistrationMachine>;

/** The card's mark on its history entries (history.state): how deep the entry is. */
const MARK = 'examflowCard';

function depthOf(state: unknown): number | undefined {
  const depth =
    state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[MARK] : undefined;
  return typeof depth === 'number' ? depth : undefined;
}

const pushUpTo = (from: number, to: number) => {
  for (let depth = from + 1; depth <= to; depth++) window.history.pushState({ [MARK]: depth }, '');
};

export function followCardHistory({ askToLeave }: { askToLeave: () => void }): {
  /** Tells the history where the card is now (after each of its moves). */
  moved: (actor: CardActor) => void;
} {
  let card: CardActor | undefined;
  /** Moves of the history made here, whose popstate is not the student's. */
  let ours = 0;
  /** Asked already at this step: the next Back leaves. A step further, leaving asks once again. */
  let asked = false;
  let askedAt: number | undefined;
  // The page's own entry is the card's first (an entry pushed by the page, a link to #faq, is not
  // the card's: Back to it is left alone).
  if (depthOf(window.history.state) === undefined)
    window.history.replaceState({ ...(window.history.state as object | null), [MARK]: 0 }, '');

  window.addEventListener('popstate', (event) => {
    if (ours > 0) {
      ours -= 1;
      if (ours === 0 && card) follow(card);
      return;
    }
    const to = depthOf(event.state);
    const depth = card && cardDepth(card);
    if (!card || to === undefined || depth === undefined || to === depth) return;
    if (to > depth) {
      // Forward onto a step the card has left: the card cannot go forward by itself; back again.
      ours += 1;
      window.history.go(depth - to);
      return;
    }
    if (stepBack(card, to)) return;
    if (!asked) {
      // Once: the card stays, on an entry of its own again, and says how to leave.
      asked = true;
      askedAt = depth;
      pushUpTo(to, depth);
      askToLeave();
      return;
    }
    // From the page's first entry, the page before it.
    window.history.back();
  });

  function follow(actor: CardActor) {
    card = actor;
    // A move of ours under way: its popstate follows again.
    if (ours > 0) return;
    const depth = cardDepth(actor);
    const entry = depthOf(window.history.state);
    if (depth === undefined || entry === undefined) return;
    if (asked && depth !== askedAt) asked = false;
    if (depth > entry) pushUpTo(entry, depth);
    else if (depth < entry) {
      ours += 1;
      window.history.go(depth - entry);
    }
  }

  return { moved: follow };
}
