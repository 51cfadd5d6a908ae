// Config as content (decision 049) on the real database (SQLite here; PostgreSQL with
// TEST_DATABASE_URL): versions are immutable, the workflow holds its rules, a publish is atomic and
// a compare-and-set, and a second server on the same database serves a publish by itself.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondApp, testApp, type TestApp } from '../../../tests/support/server-harness';
import { ContentError } from './errors';
import {
  approve,
  history,
  publish,
  readPublished,
  rollback,
  runDueSchedules,
  saveDraft,
  sendBack,
  submitForReview,
  unpublish,
  type Actor,
  type VersionSummary,
} from './versions';

/** Which version: its document and number. */
const ref = (v: VersionSummary) => ({ path: v.path, number: v.number });
const editor: Actor = { id: 'editor-1', name: 'Esha Editor', role: 'editor' };
const publisher: Actor = { id: 'publisher-1', name: 'Pia Publisher', role: 'publisher' };
const lead: Actor = { id: 'admin-1', name: 'Lata Lead', role: 'admin' };

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ config: { contentPollMs: 50 } });
});
afterAll(async () => t.close());

const published = async (path: string) => {
  const { texts, numbers } = await readPublished(t.db);
  return { text: texts.get(path), number: numbers.get(path) };
};

/** A new version of `path` made from its published one by `edit`. */
async function draftOf(path: string, edit: (doc: Record<string, unknown>) => void, actor = editor) {
  const { text, number } = await published(path);
  const doc = JSON.parse(text ?? '{}') as Record<string, unknown>;
  edit(doc);
  return saveDraft(t.db, {
    path,
    content: `${JSON.stringify(doc, null, 2)}\n`,
    parent: number ?? null,
    actor,
    now: t.clock.now(),
    site: t.app.ctx.site,
  });
}

const refused = async (work: Promise<unknown>): Promise<ContentError> => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error as ContentError;
};

describe('config versions', () => {
  it('seeds every config file as its first published version, and serves them', async () => {
    const { texts, generation } = await readPublished(t.db);
    expect(texts.has('site.json')).toBe(true);
    expect(texts.has('programmes/iacst.json')).toBe(true);
    expect(texts.has('landings/neet-repeater.json')).toBe(true);
    expect(texts.has('i18n/hi.json')).toBe(true);
    expect(generation).toBeGreaterThan(0);
    expect(t.app.ctx.content?.generation).toBe(generation);
    expect(t.app.ctx.site.programmes.iat?.fee.amount).toBe(100);
  });

  it('never changes or deletes a version once written', async () => {
    await expect(
      sql`update config_versions set content = '{}' where path = 'site.json'`.execute(t.db),
    ).rejects.toThrow(/immutable/);
    await expect(sql`delete from config_versions where path = 'site.json'`.execute(t.db)).rejects.toThrow(
      /immutable/,
    );
  });

  it('takes a money change through review to a second person, then every server serves it', async () => {
    const second = await secondApp(t, { contentPollMs: 50 });
    try {
      const draft = await draftOf('programmes/iat.json', (doc) => {
        (doc.fee as { amount: number }).amount = 150;
      });
      expect(draft.touchesMoney).toBe(true);
      expect(draft.changes.some((c) => c.money && c.label === 'Registration fee')).toBe(true);
      // An editor cannot approve or publish; an approval needs a review first.
      expect((await refused(approve(t.db, { ...ref(draft), actor: editor }))).code).toBe('forbidden');
      expect((await refused(approve(t.db, { ...ref(draft), actor: publisher }))).code).toBe('state');
      await submitForReview(t.db, { ...ref(draft), actor: editor, note: 'New fee from July' });
      await sendBack(t.db, { ...ref(draft), actor: publisher, comment: 'Say the date in the FAQ too' });
      await submitForReview(t.db, { ...ref(draft), actor: editor, note: 'Done' });
      await approve(t.db, { ...ref(draft), actor: publisher });
      await publish(t.db, { ...ref(draft), actor: publisher, now: t.clock.now() });

      // This process and the second one serve the new fee by themselves (no restart).
      await expect.poll(() => t.app.ctx.site.programmes.iat?.fee.amount, { timeout: 5_000 }).toBe(150);
      await expect.poll(() => second.app.ctx.site.programmes.iat?.fee.amount, { timeout: 5_000 }).toBe(150);

      const { versions, published: live } = await history(t.db, 'programmes/iat.json');
      expect(live).toBe(draft.number);
      expect(versions.map((v) => v.state)).toEqual(['published', 'archived']);
      expect(versions[0]).toMatchObject({
        authorName: 'Esha Editor',
        reviewedBy: 'Pia Publisher',
        note: 'Done',
      });
    } finally {
      await second.close();
    }
  });

  it('needs a publisher other than the author for a money change', async () => {
    const draft = await draftOf(
      'programmes/mock-neet.json',
      (doc) => {
        (doc.fee as { amount: number }).amount = 250;
      },
      publisher,
    );
    await submitForReview(t.db, { ...ref(draft), actor: publisher, note: '' });
    const error = await refused(approve(t.db, { ...ref(draft), actor: publisher }));
    expect(error.message).toMatch(/other than its author/);
    await approve(t.db, { ...ref(draft), actor: lead });
    await publish(t.db, { ...ref(draft), actor: publisher, now: t.clock.now() });
    expect((await published('programmes/mock-neet.json')).number).toBe(draft.number);
  });

  it('lets a publisher approve their own change that touches no money', async () => {
    const draft = await draftOf(
      'landings/neet-repeater.json',
      (doc) => {
        const landing = doc as { title: string };
        landing.title = landing.title.replace('passouts', 'passouts, 2027');
      },
      publisher,
    );
    expect(draft.touchesMoney).toBe(false);
    await submitForReview(t.db, { ...ref(draft), actor: publisher, note: '' });
    await approve(t.db, { ...ref(draft), actor: publisher });
  });

  it('refuses to submit a version the site would not work with, naming the problems', async () => {
    const draft = await draftOf('landings/iat.json', (doc) => {
      (doc as { programme: string }).programme = 'no-such-programme';
    });
    const error = await refused(submitForReview(t.db, { ...ref(draft), actor: editor, note: '' }));
    expect(error.code).toBe('invalid');
    expect(error.problems.length).toBeGreaterThan(0);
  });

  it('publishes one of two versions made from the same one, on two servers at once; the other is told', async () => {
    const second = await secondApp(t, { contentPollMs: 50 });
    try {
      const a = await draftOf('landings/mock-jee.json', (doc) => {
        (doc as { title: string }).title = 'Version A';
      });
      const b = await draftOf('landings/mock-jee.json', (doc) => {
        (doc as { title: string }).title = 'Version B';
      });
      for (const v of [a, b]) {
        await submitForReview(t.db, { ...ref(v), actor: editor, note: '' });
        await approve(t.db, { ...ref(v), actor: publisher });
      }
      const secondDb = second.app.ctx.db;
      const results = await Promise.allSettled([
        publish(t.db, { ...ref(a), actor: publisher, now: t.clock.now() }),
        publish(secondDb, { ...ref(b), actor: lead, now: t.clock.now() }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected');
      expect((lost?.reason as ContentError).code).toBe('conflict');
    } finally {
      await second.close();
    }
  });

  it('rolls back in one action: a new version equal to the old one', async () => {
    const path = 'programmes/iat.json';
    const { versions } = await history(t.db, path);
    const first = versions.at(-1);
    const restored = await rollback(t.db, {
      path,
      to: first?.number ?? 1,
      actor: publisher,
      now: t.clock.now(),
      restoreNow: true,
      site: t.app.ctx.site,
    });
    expect(restored.state).toBe('published');
    expect(JSON.parse((await published(path)).text ?? '{}')).toMatchObject({ fee: { amount: 100 } });
    await expect.poll(() => t.app.ctx.site.programmes.iat?.fee.amount, { timeout: 5_000 }).toBe(100);
    // An editor's rollback goes to review like any other change.
    const asked = await rollback(t.db, {
      path,
      to: restored.number - 1,
      actor: editor,
      now: t.clock.now(),
      restoreNow: false,
    });
    expect(asked.state).toBe('review');
  });

  it('publishes a scheduled campaign page (a new copy) by itself, and ends it by itself', async () => {
    const path = 'landings/neet-campaign.json';
    const doc = JSON.parse((await published('landings/neet-repeater.json')).text ?? '{}') as Record<
      string,
      unknown
    >;
    Object.assign(doc, {
      paths: ['/neet-campaign'],
      variantKey: 'iacst_neet_campaign',
      title: 'NEET campaign',
    });
    const draft = await saveDraft(t.db, {
      path,
      content: JSON.stringify(doc),
      parent: null,
      actor: editor,
      now: t.clock.now(),
      site: t.app.ctx.site,
    });
    expect(draft.changes[0]?.kind).toBe('path-added');
    await submitForReview(t.db, { ...ref(draft), actor: editor, note: 'Campaign week' });
    await approve(t.db, { ...ref(draft), actor: publisher });
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms);
    const schedule = { publishAt: at(10_000), unpublishAt: at(60_000) };
    expect(await publish(t.db, { ...ref(draft), actor: publisher, now: t.clock.now(), ...schedule })).toEqual(
      {
        scheduled: true,
      },
    );
    expect(await runDueSchedules(t.db, t.clock.now())).toBe(0);
    const served = () => t.app.ctx.site.landings.find((l) => l.file === path)?.landing.title;
    expect(served()).toBeUndefined();
    t.clock.advance(11_000);
    await expect.poll(served, { timeout: 5_000 }).toBe('NEET campaign');
    t.clock.advance(50_000);
    await expect.poll(served, { timeout: 5_000 }).toBeUndefined();
    expect((await history(t.db, path)).published).toBeNull();
  });

  it('refuses to schedule the end of a page the site cannot do without', async () => {
    const path = 'landings/adst.json';
    const draft = await draftOf(path, (doc) => {
      const landing = doc as { title: string };
      landing.title = `${landing.title} (campaign)`;
    });
    await submitForReview(t.db, { ...ref(draft), actor: editor, note: '' });
    await approve(t.db, { ...ref(draft), actor: publisher });
    const unpublishAt = new Date(t.clock.now().getTime() + 60_000);
    const error = await refused(
      publish(t.db, { ...ref(draft), actor: publisher, now: t.clock.now(), unpublishAt }),
    );
    expect(error.problems.some((p) => p.file === 'hosts.json')).toBe(true);
  });

  it('unpublishes a landing page only for a publisher', async () => {
    const path = 'landings/medical-engineering-repeater.json';
    expect((await refused(unpublish(t.db, { path, actor: editor, now: t.clock.now() }))).code).toBe(
      'forbidden',
    );
  });
});
