// The Studio's content routes under test: an app with the real preview renderer, a few signed-in
// staff, and the document helpers the content and workflow suites share.
import { configFromEnv } from '../../config';
import { plainPreviewRenderer } from '../../../scripts/lib/studio-preview';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { studio, type SignedIn } from './studio.test-support';

export type Doc = Record<string, unknown> & { title?: string };

export async function contentApp(options: { distDir?: string } = {}) {
  const defaults = configFromEnv({ NODE_ENV: 'test', LOG: 'off' });
  const t = await testApp({
    renderPreview: plainPreviewRenderer,
    distDir: options.distDir,
    // Small limits, so a test sends a body over them cheaply.
    config: { studio: { ...defaults.studio, maxJsonBytes: 300_000, maxImageBytes: 20_000 } },
  });
  const s = studio(t);
  const people = {
    esha: await s.enrolled('editor', 'esha@example.com'),
    eli: await s.enrolled('editor', 'eli@example.com'),
    pia: await s.enrolled('publisher', 'pia@example.com'),
    paul: await s.enrolled('publisher', 'paul@example.com'),
  };

  const open = async (who: SignedIn, path: string, number?: number) => {
    const query = `path=${encodeURIComponent(path)}${number === undefined ? '' : `&number=${number}`}`;
    return s.as(who, { method: 'GET', url: `/studio/api/file?${query}` });
  };
  /** Opens a document, changes it, saves a draft: answers the PUT. */
  const edit = async (who: SignedIn, path: string, change: (doc: Doc) => void, base?: string | null) => {
    const opened = await open(who, path);
    const content = opened.data.content as Doc;
    change(content);
    return s.as(who, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path, content, baseVersion: base === undefined ? opened.data.version : base },
    });
  };
  const post = (who: SignedIn, url: string, payload: object) =>
    s.as(who, { method: 'POST', url: `/studio/api${url}`, payload });
  /** Submit (by `author`), approve (by `approver`) and publish (by `approver`) one version. */
  const publishVersion = async (author: SignedIn, approver: SignedIn, path: string, number: number) => {
    for (const [who, url, extra] of [
      [author, '/versions/submit', { note: 'Ready' }],
      [approver, '/versions/approve', {}],
      [approver, '/versions/publish', {}],
    ] as const) {
      const done = await post(who, url, { path, number, ...extra });
      if (done.statusCode !== 200) throw new Error(`${url}: ${done.body}`);
    }
  };
  return { t, s, people, open, edit, post, publishVersion };
}

export type ContentApp = Awaited<ReturnType<typeof contentApp>>;
export type { TestApp };
