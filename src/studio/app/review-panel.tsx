// Above the editor's form: the other versions of this page in progress (someone else's draft, a
// version in review, approved or scheduled), in one line, with the way to the Inbox (where a
// publisher approves, publishes and schedules them) and to this page's history.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { authorInWords, stateInWords } from '../model/version-words';
import { canPublish, useStaff } from './signed-in';
import type { VersionState, VersionSummary } from './studio-api';
import { useStudioApi } from './studio-form-context';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const OPEN = new Set<VersionState>(['draft', 'review', 'approved', 'scheduled']);

/** How often the line is read again while the page is open: someone may start on it meanwhile. */
export const REVIEW_LINE_REFRESH_MS = 30_000;

export function ReviewPanel({
  path,
  changed,
  what = 'this page',
}: {
  path: string;
  /** Read again when it changes (a submission). */ changed?: unknown;
  /** What the document is, in its links and name ("the Hindi texts"). */
  what?: string;
}) {
  const api = useStudioApi();
  const staff = useStaff();
  const [open, setOpen] = useState<VersionSummary[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      api.history(path, controller.signal).then(
        ({ versions }) =>
          setOpen(
            // The person's own draft is the one they are editing.
            versions.filter((v) => OPEN.has(v.state) && !(v.state === 'draft' && v.authorId === staff?.id)),
          ),
        () => undefined,
      );
    void read();
    // Read again now and then while the tab is in view: a colleague who starts on this page after
    // it was opened is named too.
    const timer = setInterval(
      () => document.visibilityState === 'visible' && void read(),
      REVIEW_LINE_REFRESH_MS,
    );
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [api, path, staff?.id, changed]);

  const who = (v: VersionSummary) =>
    v.authorId === staff?.id ? 'you' : authorInWords(v.authorId, v.authorName);
  return (
    <nav className="st-review-line" aria-label={`Review and history of ${what}`}>
      {open.length > 0 && (
        <p>
          <strong>In progress:</strong>{' '}
          {open.map((v) => `version ${v.number} by ${who(v)} (${lowerFirst(stateInWords(v))})`).join('; ')}.
        </p>
      )}
      <Link to="/inbox">
        {canPublish(staff) ? 'Inbox: approve, publish, schedule' : 'Your changes in review'}
      </Link>
      <Link to={`/history/${path}`}>History of {what}</Link>
    </nav>
  );
}
