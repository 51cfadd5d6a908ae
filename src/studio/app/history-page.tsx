// The history of one page or programme (/studio/history/<document>): every version, newest first,
// with its state in words, author, time, note and reviewer; any two compared; and, by role, a
// preview link, roll back, take off the site, discard. The drafts that were replaced as someone
// typed (never published) are folded away. After an action the history is read again and the
// focus goes to the version acted on (or to the sentence saying what happened).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { documentName } from '../model/friendly-message';
import { CompareVersions } from './compare-versions';
import { pageNamesOf } from './page-names';
import type { DocumentHistory, FileList, VersionSummary } from './studio-api';
import { useStudioApi } from './studio-form-context';
import { VersionCard } from './version-card';

/** A version nobody will see again and nobody saw: a draft replaced or discarded. */
const folded = (v: VersionSummary) => v.state === 'archived' && v.publishedAt === null;

export function HistoryPage() {
  const path = useParams()['*'] ?? '';
  const api = useStudioApi();
  const [history, setHistory] = useState<DocumentHistory | null>(null);
  const [files, setFiles] = useState<FileList | null>(null);
  const [loadError, setLoadError] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [news, setNews] = useState<{ number: number; text: string } | null>(null);
  const pageNews = useRef<HTMLParagraphElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([api.history(path, signal), api.listFiles()]).then(
        ([found, listed]) => {
          setHistory(found);
          setFiles(listed);
          setLoadError('');
        },
        (error: Error) => signal?.aborted || setLoadError(error.message),
      ),
    [api, path],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const versions = history?.versions ?? [];
  const hidden = versions.filter(folded);
  const listed = showAll ? versions : versions.filter((v) => !folded(v));
  const stillListed = news !== null && listed.some((v) => v.number === news.number);
  useEffect(() => {
    if (!news) return;
    if (stillListed) document.getElementById(`version-${news.number}`)?.focus();
    else pageNews.current?.focus();
  }, [news, stillListed]);

  const name = documentName(path, files ? pageNamesOf(files) : undefined);
  const landing = path.startsWith('landings/');
  const everLive = versions.some((v) => v.publishedAt !== null);
  const done = (version: VersionSummary, text: string) =>
    void load().then(() => setNews({ number: version.number, text }));

  if (loadError && !history)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="alert">{loadError}</p>
        <Link to="/">All pages</Link>
      </main>
    );
  return (
    <main id="main" className="st-main st-history" tabIndex={-1}>
      <nav className="st-history__links" aria-label="Related">
        <Link to="/">All pages</Link>
        <Link to={`/edit/${path}`}>Open in the editor</Link>
        <Link to="/inbox">Inbox</Link>
      </nav>
      <h1>{history ? `History: ${name.title}` : 'History'}</h1>
      <p className="st-lead">
        {name.where && `${name.where} · `}Every version, newest first. Times are India time.
      </p>
      {history && history.published === null && (
        <p className="st-note">
          {everLive
            ? `This ${landing ? 'page' : 'document'} is not on the site now${landing ? ': its addresses show “page not found”' : ''}. Roll back to a version with “Restore now” to bring it back.`
            : 'Not published yet: students do not see it.'}
        </p>
      )}
      {loadError && <p role="alert">{loadError}</p>}
      <p role="status" ref={pageNews} tabIndex={-1} className="st-status-line">
        {!history ? 'Loading…' : news && !stillListed ? news.text : ''}
      </p>
      {history && versions.length > 1 && (
        <CompareVersions path={path} versions={versions} published={history.published} />
      )}
      {history && (
        <section aria-labelledby="st-versions-title">
          <h2 id="st-versions-title">Versions</h2>
          {hidden.length > 0 && (
            <button
              type="button"
              className="st-button st-button--secondary st-button--small"
              aria-expanded={showAll}
              aria-controls="st-history-list"
              onClick={() => setShowAll(!showAll)}
            >
              {`${showAll ? 'Hide' : 'Show'} ${
                hidden.length === 1 ? 'the draft that was' : `the ${hidden.length} drafts that were`
              } never published`}
            </button>
          )}
          <ol id="st-history-list" className="st-history__list" aria-label="Versions, newest first">
            {listed.map((version) => (
              <li key={version.number}>
                <VersionCard
                  version={version}
                  published={history.published}
                  landing={landing}
                  addresses={name.where}
                  news={news?.number === version.number ? news.text : ''}
                  onDone={done}
                />
              </li>
            ))}
          </ol>
        </section>
      )}
    </main>
  );
}
