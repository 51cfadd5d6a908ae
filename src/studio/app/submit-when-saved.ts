// Submit for review that waits for the draft on its way. A person who types and at once clicks
// Submit means the draft they see: the click is kept while the draft is saved (and checked), then
// sent, instead of lost under a button that disables itself as the new save starts (in the page
// editor, the click's own blur tells the field's held keys).
import { useEffect, useState } from 'react';

export interface SubmitWhenSaved {
  /** Why Submit cannot go until the editor acts ('' when it can): a kept click is dropped, said. */
  blocked: string;
  /** Whether the draft is on its way: typed, saving or being checked. */
  onItsWay: () => boolean;
  /** Whether the draft's last save failed: a kept click is dropped (the save's note says why). */
  failed: boolean;
  submit: () => void;
  /** Says why a kept click was not sent. */
  refuse: (reason: string) => void;
}

/** `ask`: Submit's click. `waiting`: a click is kept (Submit shows it is on its way). */
export function useSubmitWhenSaved({ blocked, onItsWay, failed, submit, refuse }: SubmitWhenSaved): {
  ask: () => void;
  waiting: boolean;
} {
  const [waiting, setWaiting] = useState(false);
  // The kept click goes to the server once the draft is saved: a request that follows the state,
  // once per click.
  useEffect(() => {
    if (!waiting || (!blocked && !failed && onItsWay())) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWaiting(false);
    if (blocked) refuse(`Not submitted: ${blocked}`);
    else if (!failed) submit();
  }, [waiting, blocked, failed, onItsWay, submit, refuse]);
  return {
    ask: () => (onItsWay() ? setWaiting(true) : submit()),
    waiting,
  };
}
