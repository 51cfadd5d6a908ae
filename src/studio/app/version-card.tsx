// One version in a document's history: its number and state in words, author, time, note and
// reviewer, what it changed, and what this person may do with it: a preview link (anyone); roll
// back to it (a publisher: to review, or restored now), take the live page off the site (a
// publisher, landing pages) and discard a draft (its author or a publisher), each after a dialog
// that says what students will see.
import { useEffect, useState } from 'react';
import { authorInWords, indiaTime, stateInWords } from '../model/version-words';
import { Modal } from '../../ui/modal/modal';
import { ChangeList } from './change-panel';
import { PreviewLinkBox } from './preview-link';
import { canPublish, useStaff } from './signed-in';
import type { PreviewLink, VersionChange, VersionSummary } from './studio-api';
import { useStudioApi } from './studio-form-context';
import { RefusalAlert, useVersionAction } from './version-action';

type Dialog = 'rollback' | 'unpublish' | 'discard';

/** What going back to version `to` changes for students, against the live version. */
function RollbackChanges({ path, from, to }: { path: string; from: number | null; to: number }) {
  const api = useStudioApi();
  const [changes, setChanges] = useState<VersionChange[] | null | 'failed'>(null);
  useEffect(() => {
    if (from === null) return;
    const controller = new AbortController();
    api.compare(path, from, to, controller.signal).then(
      (found) => setChanges(found.changes),
      () => controller.signal.aborted || setChanges('failed'),
    );
    return () => controller.abort();
  }, [api, path, from, to]);
  if (from === null) return <p>The page is not on the site now: this brings it back.</p>;
  if (changes === 'failed')
    return <p>What it changes could not be read; the history lists each version’s changes.</p>;
  if (changes === null) return <p className="st-muted">Reading what it changes…</p>;
  return (
    <>
      <h3 className="st-version__changes-title">What changes for students, from version {from}</h3>
      {changes.length ? (
        <ChangeList changes={changes} linked={false} level={4} />
      ) : (
        <p>Nothing students see.</p>
      )}
    </>
  );
}

export function VersionCard({
  version,
  published,
  landing,
  addresses,
  news,
  onDone,
}: {
  version: VersionSummary;
  /** The number of the version students see (null: none). */
  published: number | null;
  landing: boolean;
  /** The page's addresses, to say what students will see after it is taken off. */
  addresses: string;
  news: string;
  onDone: (version: VersionSummary, news: string) => void;
}) {
  const api = useStudioApi();
  const staff = useStaff();
  const publisher = canPublish(staff);
  const mine = staff !== null && version.authorId === staff.id;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [link, setLink] = useState<PreviewLink | null>(null);
  const { busy, refusal, alert, run, clear } = useVersionAction((text) => onDone(version, text));
  const inDialog = useVersionAction((text) => onDone(version, text));
  const { path, number } = version;
  const headingId = `version-${number}`;
  const live = version.state === 'published';
  const canRollBack = publisher && version.state === 'archived' && version.publishedAt !== null;

  const confirm = async (work: () => Promise<unknown>, text: string) => {
    if (await inDialog.run(work, text)) setDialog(null);
  };
  const close = () => {
    inDialog.clear();
    setDialog(null);
  };

  return (
    <article className="st-version" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        Version {number} · {stateInWords(version)}
        {version.touchesMoney && <span className="st-badge st-badge--warn">Changes money</span>}
      </h3>
      <p className="st-version__meta">
        By {authorInWords(version.authorId, version.authorName)}, {indiaTime(version.createdAt)}
        {version.reviewedBy && version.state !== 'draft' && ` · Reviewed by ${version.reviewedBy}`}
        {version.publishedAt && ` · Published ${indiaTime(version.publishedAt)}`}
      </p>
      {version.note && (
        <p>
          {version.state === 'draft' && version.reviewedBy ? `Comment from ${version.reviewedBy}` : 'Note'}: “
          {version.note}”
        </p>
      )}
      {version.unpublishAt && (version.state === 'scheduled' || live) && (
        <p>Ends on {indiaTime(version.unpublishAt)} (India time): the page then comes off the site.</p>
      )}
      {version.changes.length > 0 && (
        <details className="st-version__details">
          <summary>What it changed for students ({version.changes.length})</summary>
          <ChangeList changes={version.changes} linked={false} level={4} />
        </details>
      )}
      <div className="st-actions">
        <button
          type="button"
          className="st-button st-button--secondary st-button--small"
          disabled={busy}
          onClick={() => void run(async () => setLink(await api.previewLink({ path, number })), null)}
        >
          {link ? 'Make a new preview link' : 'Make a preview link'}
        </button>
        {canRollBack && (
          <button
            type="button"
            className="st-button st-button--small"
            onClick={() => {
              clear();
              setDialog('rollback');
            }}
          >
            Roll back to this version…
          </button>
        )}
        {publisher && live && landing && (
          <button
            type="button"
            className="st-button st-button--danger st-button--small"
            onClick={() => setDialog('unpublish')}
          >
            Take off the site…
          </button>
        )}
        {version.state === 'draft' && (mine || publisher) && (
          <button
            type="button"
            className="st-button st-button--secondary st-button--small"
            onClick={() => setDialog('discard')}
          >
            Discard this draft…
          </button>
        )}
      </div>
      {link && <PreviewLinkBox link={link} />}
      <RefusalAlert refusal={refusal} alert={alert} />
      <p role="status" className="st-version__news">
        {news}
      </p>
      {dialog === 'rollback' && (
        <Modal heading={`Roll back to version ${number}?`} closeLabel="Cancel" onClose={close}>
          <p>
            A new version equal to version {number} is made
            {published === null ? '.' : ' from the one students see now.'}
          </p>
          <RollbackChanges path={path} from={published} to={number} />
          <ul className="st-choices">
            <li>
              <strong>Send to review</strong>: another publisher approves it before students see it.
            </li>
            <li>
              <strong>Restore now</strong>: students see version {number} within seconds.
            </li>
          </ul>
          <RefusalAlert refusal={inDialog.refusal} alert={inDialog.alert} />
          <div className="st-actions">
            <button
              type="button"
              className="st-button st-button--secondary"
              disabled={inDialog.busy}
              onClick={() =>
                void confirm(
                  () => api.rollback({ path, to: number, restoreNow: false }),
                  `A copy of version ${number} is sent for review.`,
                )
              }
            >
              Send to review
            </button>
            <button
              type="button"
              className="st-button"
              disabled={inDialog.busy}
              onClick={() =>
                void confirm(
                  () => api.rollback({ path, to: number, restoreNow: true }),
                  `Version ${number} is restored: students see it now.`,
                )
              }
            >
              Restore now
            </button>
            <button type="button" className="st-button st-button--secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'unpublish' && (
        <Modal heading="Take this page off the site?" closeLabel="Cancel" onClose={close}>
          <p>
            From now on, students who open {addresses || 'its address'} see “page not found”. Its versions
            stay in this history: roll back to one with “Restore now” to bring the page back.
          </p>
          <RefusalAlert refusal={inDialog.refusal} alert={inDialog.alert} />
          <div className="st-actions">
            <button
              type="button"
              className="st-button st-button--danger"
              disabled={inDialog.busy}
              onClick={() =>
                void confirm(
                  () => api.unpublish({ path }),
                  'The page is off the site: its addresses show “page not found”.',
                )
              }
            >
              Take it off the site
            </button>
            <button type="button" className="st-button st-button--secondary" onClick={close}>
              Keep it on the site
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'discard' && (
        <Modal heading={`Discard draft version ${number}?`} closeLabel="Cancel" onClose={close}>
          <p>Nobody can submit it afterwards. It stays in this history as “Never published”.</p>
          <RefusalAlert refusal={inDialog.refusal} alert={inDialog.alert} />
          <div className="st-actions">
            <button
              type="button"
              className="st-button st-button--danger"
              disabled={inDialog.busy}
              onClick={() => void confirm(() => api.discard({ path, number }), 'The draft is discarded.')}
            >
              Discard the draft
            </button>
            <button type="button" className="st-button st-button--secondary" onClick={close}>
              Keep it
            </button>
          </div>
        </Modal>
      )}
    </article>
  );
}
