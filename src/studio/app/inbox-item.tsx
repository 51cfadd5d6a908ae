// One version in the Inbox: which page, who made it and when, their note, what changes for students
// (money apart, and flagged), and what this person may do with it in its state: approve or send
// back (with a comment) a version in review; publish now or schedule an approved one; publish now
// or withdraw a scheduled one. A money change is never offered to its own author to approve: they
// are told why instead.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { documentName, type PageNames } from '../model/friendly-message';
import { indiaTime, stateInWords, versionLine } from '../model/version-words';
import { ChangeList } from './change-panel';
import { ScheduleForm } from './schedule-form';
import { canPublish, useStaff } from './signed-in';
import { TranslationWarning } from './translation-warning';
import type { InboxItem as Item } from './studio-api';
import { useStudioApi } from './studio-form-context';
import { RefusalAlert, useVersionAction } from './version-action';

export const MONEY_NEEDS_ANOTHER = "A change to money needs another publisher's approval.";

export const itemKey = (item: { path: string; number: number }) => `${item.path}#${item.number}`;

function SendBackForm({
  author,
  busy,
  onSend,
  onCancel,
}: {
  author: string;
  busy: boolean;
  onSend: (comment: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setError(`Write a comment: ${author} needs to know what to change.`);
      box.current?.focus();
      return;
    }
    onSend(comment.trim());
  };
  return (
    <form className="st-send-back" onSubmit={submit} noValidate aria-label="Send back">
      <div className="st-field">
        <label htmlFor={`${id}-comment`}>Comment for {author} (required)</label>
        <textarea
          ref={box}
          id={`${id}-comment`}
          value={comment}
          maxLength={1000}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p id={`${id}-error`} className="st-field-error">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="st-help">
            Say what to change: it is shown to them with their version.
          </p>
        )}
      </div>
      <div className="st-actions">
        <button type="submit" className="st-button" disabled={busy}>
          {busy ? 'Sending back…' : 'Send back'}
        </button>
        <button type="button" className="st-button st-button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function InboxItem({
  item,
  names,
  liveNow,
  news,
  onDone,
}: {
  item: Item;
  names: PageNames | undefined;
  /** The page is on the site now. */
  liveNow: boolean;
  /** What the last action on this version did. */
  news: string;
  onDone: (item: Item, news: string) => void;
}) {
  const api = useStudioApi();
  const staff = useStaff();
  const publisher = canPublish(staff);
  const mine = staff !== null && item.authorId === staff.id;
  const [form, setForm] = useState<'send-back' | 'schedule' | null>(null);
  // A form cancelled gives the focus back to the button that opened it.
  const sendBackButton = useRef<HTMLButtonElement>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const { busy, refusal, alert, run } = useVersionAction((text) => onDone(item, text));
  const headingId = `inbox-${itemKey(item)}`;
  const name = documentName(item.path, names);
  const ref = { path: item.path, number: item.number };
  const ownMoney = item.touchesMoney && mine;

  const act = async (work: () => Promise<unknown>, text: string) => {
    if (await run(work, text)) setForm(null);
  };

  return (
    <article className="st-version" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        {name.title} <span className="st-version__where">{name.where}</span>
      </h3>
      <p className="st-version__meta">
        {versionLine(item, item.author)} · <strong>{stateInWords(item)}</strong>
        {item.touchesMoney && <span className="st-badge st-badge--warn">Changes money</span>}
      </p>
      <TranslationWarning path={item.path} />
      {item.note && (
        <p>
          {item.state === 'draft' ? `Comment from ${item.reviewedBy ?? 'the reviewer'}` : 'Note'}: “
          {item.note}”
        </p>
      )}
      {(item.state === 'approved' || item.state === 'scheduled') && item.reviewedBy && (
        <p>Approved by {item.reviewedBy}.</p>
      )}
      {item.state === 'scheduled' && item.publishAt && (
        <p>
          Goes live on {indiaTime(item.publishAt)} (India time)
          {item.unpublishAt ? ` and ends on ${indiaTime(item.unpublishAt)}.` : ', with no end.'}
        </p>
      )}
      <h4 className="st-version__changes-title">What changes for students</h4>
      {item.changes.length ? (
        <ChangeList changes={item.changes} linked={false} level={5} />
      ) : (
        <p className="st-muted">Nothing students see.</p>
      )}
      {ownMoney && item.state === 'review' && <p className="st-note">{MONEY_NEEDS_ANOTHER}</p>}
      {!publisher && item.state === 'review' && <p className="st-muted">Waiting for a publisher.</p>}
      {!publisher && item.state === 'approved' && (
        <p className="st-muted">A publisher publishes it or schedules it.</p>
      )}
      <div className="st-actions">
        {publisher && item.state === 'review' && !ownMoney && (
          <button
            type="button"
            className="st-button"
            disabled={busy}
            onClick={() => void act(() => api.approve(ref), 'Approved: publish it now or schedule it.')}
          >
            Approve
          </button>
        )}
        {publisher && item.state === 'review' && (
          <button
            ref={sendBackButton}
            type="button"
            className="st-button st-button--secondary"
            disabled={busy}
            aria-expanded={form === 'send-back'}
            onClick={() => setForm(form === 'send-back' ? null : 'send-back')}
          >
            Send back…
          </button>
        )}
        {publisher && (item.state === 'approved' || item.state === 'scheduled') && (
          <button
            type="button"
            className="st-button"
            disabled={busy}
            onClick={() => void act(() => api.publishNow(ref), 'Published: students see it now.')}
          >
            Publish now
          </button>
        )}
        {publisher && item.state === 'approved' && (
          <button
            ref={scheduleButton}
            type="button"
            className="st-button st-button--secondary"
            disabled={busy}
            aria-expanded={form === 'schedule'}
            onClick={() => setForm(form === 'schedule' ? null : 'schedule')}
          >
            Schedule…
          </button>
        )}
        {publisher && item.state === 'scheduled' && (
          <button
            type="button"
            className="st-button st-button--secondary"
            disabled={busy}
            onClick={() =>
              void act(
                () => api.unschedule(ref),
                'The schedule is withdrawn: it is approved and waits to be published.',
              )
            }
          >
            Withdraw the schedule
          </button>
        )}
        {mine && item.state === 'draft' && <Link to={`/edit/${item.path}`}>Open the page in the editor</Link>}
        <Link to={`/history/${item.path}`} className="st-version__history">
          History of this page
        </Link>
      </div>
      {form === 'send-back' && (
        <SendBackForm
          author={item.author}
          busy={busy}
          onCancel={() => {
            setForm(null);
            sendBackButton.current?.focus();
          }}
          onSend={(comment) =>
            void act(
              () => api.sendBack({ ...ref, comment }),
              `Sent back to ${item.author} with your comment.`,
            )
          }
        />
      )}
      {form === 'schedule' && (
        <ScheduleForm
          landing={item.path.startsWith('landings/')}
          liveNow={liveNow}
          busy={busy}
          onCancel={() => {
            setForm(null);
            scheduleButton.current?.focus();
          }}
          onSchedule={(at) =>
            void act(
              () => api.schedule({ ...ref, ...at }),
              `Scheduled: it goes live on ${indiaTime(at.publishAt)} (India time).`,
            )
          }
        />
      )}
      <RefusalAlert refusal={refusal} alert={alert} historyOf={item.path} />
      <p role="status" className="st-version__news">
        {news}
      </p>
    </article>
  );
}
