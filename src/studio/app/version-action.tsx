// One workflow action on a version, as the Inbox and History run it: the buttons wait while it
// runs; a refusal (409: someone published another version since; 403; 422) is the server's
// sentence in an alert beside the version, which takes the focus; success says what happened.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { StudioApiError } from './studio-api';

export interface Refusal {
  text: string;
  /** Another version was published since this one was made: the history compares them. */
  changed: boolean;
}

export function useVersionAction(onDone: (news: string) => void) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) alert.current?.focus();
  }, [refusal]);

  /** Runs `work`, then says `news` (null: nothing changed that the page shows); resolves true when done. */
  const run = async (work: () => Promise<unknown>, news: string | null): Promise<boolean> => {
    setBusy(true);
    setRefusal(null);
    try {
      await work();
      if (news !== null) onDone(news);
      return true;
    } catch (error) {
      setRefusal({
        text: (error as Error).message,
        changed: error instanceof StudioApiError && error.code === 'changed',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, alert, run, clear: () => setRefusal(null) };
}

/** The refusal of the last action, always in the page (an alert added with its text is often missed). */
export function RefusalAlert({
  refusal,
  alert,
  historyOf,
}: {
  refusal: Refusal | null;
  alert: React.RefObject<HTMLDivElement | null>;
  /** The document, to link its history when another version was published since. */
  historyOf?: string;
}) {
  return (
    <div ref={alert} role="alert" tabIndex={-1} className={refusal ? 'st-refusal' : 'st-refusal--empty'}>
      {refusal && (
        <p>
          {refusal.text}
          {refusal.changed && historyOf && (
            <>
              {' '}
              <Link to={`/history/${historyOf}`}>Compare the versions in the history</Link>.
            </>
          )}
        </p>
      )}
    </div>
  );
}
