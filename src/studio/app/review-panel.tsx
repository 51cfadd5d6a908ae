// For publishers: the versions of this page that others submitted, to approve and then publish now.
// (The full review, history and schedule screens are later work; this is the least that lets a
// change go live from the Studio.) Editors see nothing here: they submit, a publisher publishes.
import { useCallback, useEffect, useState } from 'react';
import { canPublish, useStaff } from './signed-in';
import { useStudioApi } from './studio-form-context';
import type { VersionInfo } from './studio-api';

const WAITING = new Set<VersionInfo['state']>(['review', 'approved']);

export function ReviewPanel({ path }: { path: string }) {
  const api = useStudioApi();
  const staff = useStaff();
  const publisher = canPublish(staff);
  const [versions, setVersions] = useState<VersionInfo[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [news, setNews] = useState<{ text: string; error?: boolean } | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api.versions(path, signal).then(
        (list) => setVersions(list.filter((v) => WAITING.has(v.state) && v.authorId !== staff?.id)),
        () => signal?.aborted || setVersions(null),
      ),
    [api, path, staff?.id],
  );
  useEffect(() => {
    if (!publisher) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [publisher, load]);

  if (!publisher || !versions || versions.length === 0)
    return news ? (
      <p role={news.error ? 'alert' : 'status'} className="st-note">
        {news.text}
      </p>
    ) : null;

  const act = async (version: VersionInfo, action: 'approve' | 'publish') => {
    setBusy(version.number);
    setNews(null);
    try {
      if (action === 'approve') await api.approve({ path, number: version.number });
      else await api.publishNow({ path, number: version.number });
      setNews({
        text:
          action === 'approve'
            ? `Version ${version.number} approved: publish it when you are ready.`
            : `Version ${version.number} is published: students see it now.`,
      });
      await load();
    } catch (error) {
      setNews({ text: `Not done: ${(error as Error).message}`, error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="st-review" aria-labelledby="st-review-title">
      <h2 id="st-review-title">Waiting for a publisher</h2>
      <ul>
        {versions.map((version) => (
          <li key={version.number}>
            <p>
              Version {version.number} by {version.authorName},{' '}
              {version.state === 'review' ? 'submitted for review' : 'approved, not published yet'}.
              {version.note && <span className="st-muted"> Note: “{version.note}”</span>}
            </p>
            <div className="st-actions">
              {version.state === 'review' ? (
                <button
                  type="button"
                  className="st-button st-button--secondary"
                  disabled={busy !== null}
                  onClick={() => void act(version, 'approve')}
                >
                  Approve version {version.number}
                </button>
              ) : (
                <button
                  type="button"
                  className="st-button"
                  disabled={busy !== null}
                  onClick={() => void act(version, 'publish')}
                >
                  Publish version {version.number} now
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {news && (
        <p role={news.error ? 'alert' : 'status'} className="st-note">
          {news.text}
        </p>
      )}
    </section>
  );
}
