// The draft as a student sees it: the file API renders it with the site's own prerenderer; the page
// follows the draft as soon as it changes (the form's held typing already waits for the typist's
// pause: no second wait here), one request at a time, the newest draft winning; it keeps the last
// good render while the draft has problems (and says so), and shows a phone (390 px) or a desktop
// (1280 px, scaled to fit).
import { memo, useEffect, useRef, useState } from 'react';
import { CardStatePreviewForDraft } from './card-state-preview';
import { latestRequests, type LatestRequests } from './latest-request';
import type { PreviewEditing } from './preview-editing';
import { PreviewFrame } from './preview-frame';
import type { Json, LandingSummary, StudioApi } from './studio-api';

const WIDTHS = [390, 1280] as const;

type PreviewRequest = Parameters<StudioApi['preview']>[0];

/**
 * A draft the editor knows before React renders it (a held field's keys on their way to the form),
 * so the preview asks for it while the form re-renders, not after.
 */
export class DraftAhead {
  private listener: ((content: Json) => boolean) | undefined;
  private onDrawn: (() => void) | undefined;
  /** `then` is called each time the preview has drawn an answer (or said why it could not). */
  whenDrawn(then: (() => void) | undefined): void {
    this.onDrawn = then;
  }
  listen(listener: ((content: Json) => boolean) | undefined): void {
    this.listener = listener;
  }
  /** Whether the preview asks for it (it may have already). */
  tell(content: Json): boolean {
    return this.listener?.(content) ?? false;
  }
  drawn(): void {
    this.onDrawn?.();
  }
}

interface Where {
  path: string;
  host: string;
  landing: string;
}

const requestOf = ({ path, host, landing }: Where, content: Json): PreviewRequest => ({
  path,
  content,
  ...(host ? { host } : {}),
  ...(landing ? { landing } : {}),
});

export const PreviewPane = memo(function PreviewPane({
  api,
  path,
  content,
  hosts: landingHosts = [],
  landings,
  ahead,
  editing,
}: {
  api: StudioApi;
  /** A landing draft's preview: its texts are edited in place (see PreviewEditing). */
  editing?: PreviewEditing;
  path: string;
  content: Json;
  /** Drafts told before they render (see DraftAhead). */
  ahead?: DraftAhead;
  /** A landing draft: the hosts that show it. */
  hosts?: string[];
  /** A programme draft: its landing pages, one of which draws it. */
  landings?: LandingSummary[];
}) {
  const [landing, setLanding] = useState(landings?.[0]?.path ?? '');
  const hosts = landings ? (landings.find((l) => l.path === landing)?.hosts ?? []) : landingHosts;
  const [html, setHtml] = useState('');
  const [state, setState] = useState<'loading' | 'ok' | 'stale' | 'failed'>('loading');
  const [note, setNote] = useState('');
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(390);
  const [host, setHost] = useState('');
  const frame = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(600);

  // One request at a time, the newest draft next (a draft asked for twice is asked once).
  const requests = useRef<LatestRequests<PreviewRequest> | null>(null);
  useEffect(() => {
    const latest = latestRequests<PreviewRequest, Awaited<ReturnType<StudioApi['preview']>>>(
      (request, signal) => api.preview(request, signal),
      {
        answer(result) {
          if (result.html) {
            setHtml(result.html);
            setState('ok');
            setNote('');
          } else {
            ahead?.drawn();
            setState('stale');
            const n = result.problems.length;
            setNote(
              `Showing the last version that worked: fix ${n === 1 ? 'the problem' : `the ${n} problems`} to see your latest changes.`,
            );
          }
        },
        failed(error) {
          ahead?.drawn();
          setState('failed');
          setNote(`The preview could not be drawn: ${error.message}`);
        },
      },
    );
    requests.current = latest;
    return () => {
      latest.stop();
      if (requests.current === latest) requests.current = null;
    };
  }, [api, ahead]);

  // What a request holds besides the draft, as of the last render (a draft told ahead reads it).
  const where = useRef<Where>({ path, host: '', landing: '' });
  useEffect(() => {
    where.current = { path, host, landing: landings ? landing : '' };
    requests.current?.want(requestOf(where.current, content));
  }, [api, path, content, host, landings, landing]);
  useEffect(() => {
    ahead?.listen((draft) => requests.current?.want(requestOf(where.current, draft)) ?? false);
    return () => ahead?.listen(undefined);
  }, [ahead]);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, boxWidth / width);
  const height = 900;
  return (
    <section className="st-preview" aria-labelledby="st-preview-title">
      <div className="st-preview__bar">
        <h2 id="st-preview-title">Preview</h2>
        <div role="group" aria-label="Preview width" className="st-toggle">
          {WIDTHS.map((w) => (
            <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === 390 ? 'Phone (390 px)' : 'Desktop (1280 px)'}
            </button>
          ))}
        </div>
        {landings && landings.length > 1 && (
          <label className="st-inline-label">
            Page
            <select
              value={landing}
              onChange={(e) => {
                setLanding(e.target.value);
                setHost('');
              }}
            >
              {landings.map((l) => (
                <option key={l.path} value={l.path}>
                  {l.paths[0] ?? l.path} ({l.locale === 'hi' ? 'Hindi' : 'English'})
                </option>
              ))}
            </select>
          </label>
        )}
        {hosts.length > 1 && (
          <label className="st-inline-label">
            Site
            <select value={host} onChange={(e) => setHost(e.target.value)}>
              <option value="">{hosts[0]} (first)</option>
              {hosts.slice(1).map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {editing && (
        <p className="st-muted st-preview__hint">Click a text in the preview to change it there.</p>
      )}
      <p className={`st-preview__note${state === 'ok' ? '' : ' st-preview__note--warn'}`} role="status">
        {state === 'loading' ? 'Drawing the preview…' : note}
      </p>
      {/* The registration card of the draft in any state of its flow. */}
      {!landings && (
        <div className="st-card-state-slot" data-slot="card-state-preview">
          <CardStatePreviewForDraft api={api} content={content} width={width} />
        </div>
      )}
      <div className="st-preview__frame" ref={frame} style={{ height: height * scale }}>
        {html && (
          <PreviewFrame
            html={html}
            style={{ width, height, transform: `scale(${scale})` }}
            onDrawn={() => ahead?.drawn()}
            {...(editing ? { onDocument: (doc: Document) => editing.attach(doc) } : {})}
          />
        )}
      </div>
    </section>
  );
});
