// Activity (publishers and admins): the Studio's audit log, newest first, a page at a time ("Show
// older"), filtered by kind of action. Each entry says when (India time), who, what in words, the
// pages and coupons concerned with their versions, and from which address (decision 048).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { showDateTime } from '../../domain/dates';
import { actionWords, ACTION_GROUPS, concerningWords, detailWords, whoWords } from '../model/audit-words';
import { usePageNames } from './page-names';
import { canPublish, useStaff } from './signed-in';
import { useStudioApi } from './studio-form-context';
import type { ActivityEntry } from './studio-api';

/** Entries a page of the list shows. */
export const ACTIVITY_PAGE = 50;

export function ActivityPage() {
  const api = useStudioApi();
  const me = useStaff();
  const allowed = canPublish(me);
  const names = usePageNames();
  const [action, setAction] = useState('');
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  // The first entry a "Show older" brought: it takes the focus, so the reader goes on from there.
  const [focusId, setFocusId] = useState<number | null>(null);
  const firstNew = useRef<HTMLTableCellElement>(null);

  // Callers say it is loading (the first load is, from the start).
  const load = useCallback(
    (before: string | undefined, signal?: AbortSignal) =>
      api
        .activity(
          { ...(before ? { before } : {}), ...(action ? { action } : {}), limit: ACTIVITY_PAGE },
          signal,
        )
        .then(
          (page) => {
            if (signal?.aborted) return;
            setError('');
            setEntries((shown) => (before ? [...shown, ...page.entries] : page.entries));
            setNext(page.nextBefore);
            setFocusId(before ? (page.entries[0]?.id ?? null) : null);
            setLoading(false);
          },
          (e: Error) => {
            if (signal?.aborted) return;
            setError(e.message);
            setLoading(false);
          },
        ),
    [api, action],
  );

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [allowed, load]);

  useEffect(() => {
    if (focusId !== null) firstNew.current?.focus();
  }, [focusId]);

  if (!allowed)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <h1>Activity</h1>
        <p>Only publishers and admins read the Studio’s activity.</p>
        <Link to="/">Back to all pages</Link>
      </main>
    );

  const status = loading
    ? 'Loading…'
    : error
      ? ''
      : entries.length === 0
        ? action
          ? `Nothing of the kind “${actionWords(action)}” yet.`
          : 'Nothing has happened in the Studio yet.'
        : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}, newest first${next ? '' : ': that is everything'}.`;

  return (
    <main id="main" className="st-main st-activity" tabIndex={-1}>
      <h1>Activity</h1>
      <p className="st-lead">
        Everything done in the Studio, newest first: sign-ins, changes to pages and coupons, reviews and
        publishing, changes to people, and what was refused. Nothing here can be changed or removed.
      </p>
      <div className="st-field st-activity__filter">
        <label htmlFor="st-activity-kind">Show</label>
        <select
          id="st-activity-kind"
          value={action}
          onChange={(e) => {
            setLoading(true);
            setAction(e.target.value);
          }}
        >
          <option value="">Everything</option>
          {ACTION_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.actions.map(([code, words]) => (
                <option key={code} value={code}>
                  {words}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {error && <p role="alert">The activity could not be read: {error}</p>}
      <p role="status" className="st-status-line">
        {status}
      </p>
      {entries.length > 0 && (
        <table className="st-table st-table--cards" aria-label="Activity, newest first">
          <thead>
            <tr>
              <th scope="col">When (India time)</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Concerning</th>
              <th scope="col">From address</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const who = whoWords(entry);
              const detail = detailWords(entry);
              const concerning = concerningWords(entry, names);
              return (
                <tr key={entry.id}>
                  <th
                    scope="row"
                    ref={entry.id === focusId ? firstNew : undefined}
                    tabIndex={entry.id === focusId ? -1 : undefined}
                  >
                    {showDateTime(entry.at)}
                  </th>
                  <td data-label="Who">
                    {who.name}
                    {who.email && <span className="st-muted st-block">{who.email}</span>}
                  </td>
                  <td data-label="What">
                    {actionWords(entry.action)}
                    {detail && <span className="st-muted st-block">{detail}</span>}
                  </td>
                  <td data-label="Concerning">
                    {concerning.length === 0
                      ? '–'
                      : concerning.map((c) => (
                          <span key={c} className="st-block">
                            {c}
                          </span>
                        ))}
                  </td>
                  <td data-label="From address">{entry.ip ?? '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {next && (
        <div className="st-actions">
          <button
            type="button"
            className="st-button st-button--secondary"
            disabled={loading}
            onClick={() => {
              setLoading(true);
              void load(next);
            }}
          >
            {loading ? 'Loading…' : 'Show older'}
          </button>
        </div>
      )}
    </main>
  );
}
