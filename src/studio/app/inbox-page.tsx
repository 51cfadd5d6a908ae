// The Inbox: every version waiting for a publisher (in review, approved, scheduled) and the drafts
// sent back to their authors, by state, each with what it changes for students and the actions its
// state allows. Publishers and admins see everyone's; an editor sees their own. After an action
// the list is read again and the focus goes to the version (or, when it has left the Inbox, to the
// sentence saying what happened).
import { useCallback, useEffect, useRef, useState } from 'react';
import { documentName } from '../model/friendly-message';
import { InboxItem, itemKey } from './inbox-item';
import { pageNamesOf } from './page-names';
import { canPublish, useStaff } from './signed-in';
import type { FileList, InboxItem as Item, VersionState } from './studio-api';
import { useStudioApi } from './studio-form-context';

const SECTIONS: { state: VersionState; title: string }[] = [
  { state: 'review', title: 'Waiting for review' },
  { state: 'approved', title: 'Approved, not published yet' },
  { state: 'scheduled', title: 'Scheduled' },
  { state: 'draft', title: 'Sent back to their authors' },
];

/** Whether the page a version belongs to is on the site now (the list of files says so). */
function liveNowOf(files: FileList | null, path: string): boolean {
  const found = [...(files?.landings ?? []), ...(files?.programmes ?? [])].find((f) => f.path === path);
  return found ? found.published !== null : true;
}

export function InboxPage() {
  const api = useStudioApi();
  const staff = useStaff();
  const publisher = canPublish(staff);
  const [items, setItems] = useState<Item[] | null>(null);
  const [files, setFiles] = useState<FileList | null>(null);
  const [loadError, setLoadError] = useState('');
  /** What the last action did, to which version (`page`: as said once it has left the Inbox). */
  const [news, setNews] = useState<{ key: string; text: string; page: string } | null>(null);
  const pageNews = useRef<HTMLParagraphElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([api.inbox(signal), api.listFiles()]).then(
        ([list, listed]) => {
          setItems(list);
          setFiles(listed);
          setLoadError('');
        },
        (error: Error) => signal?.aborted || setLoadError(error.message),
      ),
    [api],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const names = files ? pageNamesOf(files) : undefined;
  const shown = (items ?? []).filter((item) => publisher || item.authorId === staff?.id);
  const stillListed = news !== null && shown.some((item) => itemKey(item) === news.key);

  // After an action and the list read again: the version, if it is still here, else the sentence.
  useEffect(() => {
    if (!news) return;
    if (stillListed) document.getElementById(`inbox-${news.key}`)?.focus();
    else pageNews.current?.focus();
  }, [news, stillListed]);

  const done = (item: Item, text: string) => {
    const { title } = documentName(item.path, names);
    void load().then(() =>
      setNews({ key: itemKey(item), text, page: `${title}, version ${item.number}: ${text}` }),
    );
  };

  return (
    <main id="main" className="st-main" tabIndex={-1}>
      <h1>{publisher ? 'Inbox' : 'Your changes in review'}</h1>
      <p className="st-lead">
        {publisher
          ? 'Every change waiting for a publisher, what it changes for students, and what you can do with it. Times are India time.'
          : 'Your changes waiting for a publisher, and those sent back to you with a comment. Times are India time.'}
      </p>
      {loadError && <p role="alert">{loadError}</p>}
      <p role="status" ref={pageNews} tabIndex={-1} className="st-status-line">
        {!items ? 'Loading…' : news && !stillListed ? news.page : ''}
      </p>
      {items && shown.length === 0 && (
        <p>
          {publisher
            ? 'Nothing is waiting for a publisher.'
            : 'None of your changes is waiting for a publisher.'}
        </p>
      )}
      {SECTIONS.map(({ state, title }) => {
        const inSection = shown.filter((item) => item.state === state);
        if (inSection.length === 0) return null;
        return (
          <section key={state} aria-labelledby={`inbox-section-${state}`} className="st-inbox__section">
            <h2 id={`inbox-section-${state}`}>
              {title} ({inSection.length})
            </h2>
            {inSection.map((item) => (
              <InboxItem
                key={itemKey(item)}
                item={item}
                names={names}
                liveNow={liveNowOf(files, item.path)}
                news={news?.key === itemKey(item) ? news.text : ''}
                onDone={done}
              />
            ))}
          </section>
        );
      })}
    </main>
  );
}
