// `npm run dev` serves the published config (decision 049): a landing file added to config/ is
// published when it validates, and its page, registration and funnel calls answer at once (no
// "Unknown exam type." until a restart); a version published in the database (as the Studio does)
// is the dev server's page at once too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  publish,
  readPublished,
  saveDraft,
  submitForReview,
  type Actor,
} from '../../server/services/content/versions';
import type { Landing } from '../../src/generated/config/landing';
import { startDevServer, type DevServer } from './dev-server';

const publisher: Actor = { id: 'dev-publisher', name: 'Pia Publisher', role: 'publisher' };
const editor: Actor = { id: 'dev-editor', name: 'Esha Editor', role: 'editor' };
let dev: DevServer;

beforeAll(async () => {
  dev = await startDevServer();
}, 120_000);
afterAll(async () => dev?.close());

const titleOf = async (page: string): Promise<string> => {
  const response = await fetch(`${dev.base}${page}`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  return response.ok ? (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '') : `HTTP ${response.status}`;
};

describe('the dev server and the published config', () => {
  it('publishes a landing added to config/: its page and its registration answer at once', async () => {
    const landing = dev.copy.read<Landing>('landings/neet-repeater.json');
    dev.copy.write('landings/neet-dev-week.json', {
      ...landing,
      paths: ['/neet-dev-week'],
      variantKey: 'iacst_neet_dev_week',
      title: 'NEET dev week',
    });
    await expect.poll(() => titleOf('/neet-dev-week')).toBe('NEET dev week');
    const otp = await fetch(`${dev.base}/api/otp/send?mobile=9811177201&exam_type=iacst_neet_dev_week`, {
      method: 'POST',
    });
    expect(otp.status, await otp.text()).toBe(200);
  });

  it('shows a version published in the database (as the Studio publishes) on its pages', async () => {
    const db = dev.api.app.ctx.db;
    const { texts, numbers } = await readPublished(db);
    const path = 'landings/mock-neet.json';
    const doc = JSON.parse(texts.get(path) ?? '{}') as Landing;
    doc.title = 'MOCK-NEET, published in the Studio';
    const now = new Date();
    const draft = await saveDraft(db, {
      path,
      content: JSON.stringify(doc),
      parent: numbers.get(path) ?? null,
      actor: editor,
      now,
    });
    const version = { path, number: draft.number };
    await submitForReview(db, { ...version, actor: editor, note: '' });
    await approve(db, { ...version, actor: publisher });
    await publish(db, { ...version, actor: publisher, now });
    await expect.poll(() => titleOf('/mock-neet-exam')).toBe('MOCK-NEET, published in the Studio');
  });
});
