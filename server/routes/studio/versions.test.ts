// examflow Studio's review workflow on the server (decision 049), through its real routes: submit,
// approve by another publisher, publish (served at once), refusals by role and by the money rule
// (audited), history and compare, rollback, unpublish, a schedule the server runs by itself, the
// publishers' inbox, and preview links opened without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApp, type ContentApp } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

const LANDING = 'landings/neet-repeater.json';
const versionsOf = (entry: { versions: string } | undefined) =>
  JSON.parse(entry?.versions ?? '[]') as unknown;

describe('the review workflow', () => {
  it('submit → approved by another publisher → published: the file and the site serve it at once', async () => {
    const saved = await c.edit(c.people.esha, LANDING, (doc) => {
      doc.title = 'NEET Repeater | published through review';
    });
    const number = saved.data.number as number;
    const submitted = await c.post(c.people.esha, '/versions/submit', {
      path: LANDING,
      number,
      note: 'New title',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.data).toMatchObject({
      msg: 'Sent for review.',
      version: { number, state: 'review', note: 'New title' },
    });

    const approved = await c.post(c.people.pia, '/versions/approve', { path: LANDING, number });
    expect(approved.data.version).toMatchObject({ state: 'approved', reviewedBy: 'Test publisher' });
    const published = await c.post(c.people.paul, '/versions/publish', { path: LANDING, number });
    expect(published.statusCode).toBe(200);
    expect(published.data.version).toMatchObject({ state: 'published' });

    const opened = await c.open(c.people.esha, LANDING);
    expect(opened.data).toMatchObject({ version: String(number), number, state: 'published', drafts: [] });
    const landing = c.t.app.ctx.site.landings.find((l) => l.file === LANDING);
    expect(landing?.landing.title).toBe('NEET Repeater | published through review');

    for (const action of ['config.submitted', 'config.approved', 'config.published'])
      expect(versionsOf((await c.s.audited(action)).at(-1)), action).toEqual([{ path: LANDING, number }]);
  });

  it('refuses an editor approving or publishing (403, audited), and a version in the wrong state', async () => {
    const saved = await c.edit(c.people.eli, LANDING, (doc) => {
      doc.title = 'NEET Repeater | by Eli';
    });
    const number = saved.data.number as number;
    for (const url of ['/versions/approve', '/versions/publish', '/versions/send-back']) {
      const refused = await c.post(c.people.eli, url, {
        path: LANDING,
        number,
        ...(url === '/versions/send-back' ? { comment: 'x' } : {}),
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.data.msg).toBe('This needs the publisher role; your account is an editor.');
    }
    const audits = (await c.s.audited('access.refused')).filter((e) => e.details.reason === 'role');
    expect(audits.length).toBeGreaterThanOrEqual(3);
    // Approving a draft that was never submitted.
    const early = await c.post(c.people.pia, '/versions/approve', { path: LANDING, number });
    expect(early.statusCode).toBe(409);
    expect(early.data).toMatchObject({
      error: 'state',
      msg: `Version ${number} is a draft: it cannot be approved now.`,
    });
    // Another editor's draft is not theirs to submit or discard.
    const notHers = await c.post(c.people.esha, '/versions/discard', { path: LANDING, number });
    expect(notHers.statusCode).toBe(403);
    expect(versionsOf((await c.s.audited('config.refused')).at(-1))).toEqual([{ path: LANDING, number }]);
    const discarded = await c.post(c.people.eli, '/versions/discard', { path: LANDING, number });
    expect(discarded.data.version).toMatchObject({ state: 'archived' });
    const missing = await c.post(c.people.pia, '/versions/approve', { path: LANDING, number: 999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.data.msg).toBe('There is no version 999 of this page.');
  });

  it('refuses a money change approved by its author, and a submission the site would not work with', async () => {
    const path = 'programmes/iat.json';
    const saved = await c.edit(c.people.pia, path, (doc) => {
      (doc.fee as { amount: number }).amount = 175;
    });
    const number = saved.data.number as number;
    await c.post(c.people.pia, '/versions/submit', { path, number, note: 'New fee' });
    const own = await c.post(c.people.pia, '/versions/approve', { path, number });
    expect(own.statusCode).toBe(403);
    expect(own.data.msg).toBe(
      'This version changes what students pay: a publisher other than its author must approve it.',
    );
    expect((await c.s.audited('config.refused')).at(-1)).toMatchObject({ actor_email: 'pia@example.com' });
    const sentBack = await c.post(c.people.paul, '/versions/send-back', {
      path,
      number,
      comment: 'Which date?',
    });
    expect(sentBack.data.version).toMatchObject({ state: 'draft', note: 'Which date?' });

    const broken = await c.edit(c.people.esha, LANDING, (doc) => {
      doc.title = '';
    });
    const refused = await c.post(c.people.esha, '/versions/submit', {
      path: LANDING,
      number: broken.data.number,
      note: '',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data).toMatchObject({ error: 'invalid', msg: expect.stringMatching(/fix the problems/) });
    expect(refused.data.problems).toContainEqual(
      expect.objectContaining({ file: LANDING, pointer: '/title' }),
    );
  });

  it('lists the history, compares any two versions in words, rolls back and unpublishes', async () => {
    const history = await c.s.as(c.people.esha, {
      method: 'GET',
      url: `/studio/api/history?path=${LANDING}`,
    });
    const versions = history.data.versions as { number: number; state: string; authorName: string }[];
    expect(versions[0]?.number).toBeGreaterThan(versions.at(-1)?.number ?? 0);
    expect(versions.at(-1)).toMatchObject({ number: 1, state: 'archived', authorName: 'config/ files' });
    const live = history.data.published as number;

    const compared = await c.s.as(c.people.esha, {
      method: 'GET',
      url: `/studio/api/compare?path=${LANDING}&from=1&to=${live}`,
    });
    expect(compared.statusCode).toBe(200);
    expect(compared.data.changes).toContainEqual(
      expect.objectContaining({ kind: 'text', after: 'NEET Repeater | published through review' }),
    );
    // "class 12" left the title: an amount a student is shown, so the change is flagged as money.
    expect(compared.data.touchesMoney).toBe(true);

    const back = await c.post(c.people.pia, '/versions/rollback', {
      path: LANDING,
      to: 1,
      restore_now: true,
    });
    expect(back.statusCode).toBe(200);
    expect(back.data.msg).toBe('Version 1 is restored: students see it now.');
    expect(c.t.app.ctx.site.landings.find((l) => l.file === LANDING)?.landing.title).toMatch(/passouts/);
    expect(versionsOf((await c.s.audited('config.rolled-back')).at(-1))).toEqual([
      { path: LANDING, number: (back.data.version as { number: number }).number },
    ]);

    const editorRollback = await c.post(c.people.esha, '/versions/rollback', {
      path: LANDING,
      to: 1,
      restore_now: false,
    });
    expect(editorRollback.statusCode).toBe(403);

    const path = 'landings/iat.json';
    const off = await c.post(c.people.pia, '/versions/unpublish', { path });
    expect(off.statusCode).toBe(200);
    expect(c.t.app.ctx.site.landings.some((l) => l.file === path)).toBe(false);
    expect((await c.open(c.people.esha, path)).data.published).toBeNull();
    expect(versionsOf((await c.s.audited('config.unpublished')).at(-1))).toEqual([{ path, number: 1 }]);
    const again = await c.post(c.people.pia, '/versions/unpublish', { path });
    expect(again.statusCode).toBe(409);
    expect(again.data.msg).toBe('This page is not published.');
    const notLanding = await c.post(c.people.pia, '/versions/unpublish', { path: 'programmes/iat.json' });
    expect(notLanding.statusCode).toBe(422);
    expect(notLanding.data.msg).toBe('Only a landing page can be unpublished.');
  });
});

describe('preview links', () => {
  it('opens a version read-only without a session until it expires; a wrong token is a 404 page', async () => {
    const saved = await c.edit(c.people.esha, LANDING, (doc) => {
      doc.title = 'NEET Repeater | for the lead to see';
    });
    const number = saved.data.number as number;
    const made = await c.post(c.people.esha, '/preview-links', { path: LANDING, number });
    expect(made.statusCode).toBe(200);
    const url = String(made.data.url);
    expect(url).toMatch(/^\/studio\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(versionsOf((await c.s.audited('config.preview-link')).at(-1))).toEqual([
      { path: LANDING, number },
    ]);
    const token = url.split('/').at(-1) ?? '';
    const stored = await c.t.db.selectFrom('config_preview_links').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const page = await c.t.call({ method: 'GET', url, headers: { host: 'localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('NEET Repeater | for the lead to see');
    expect(page.body).toMatch(/<body[^>]*><p role="status" data-studio-preview-banner="">Preview:/);
    // Read-only: no script of the page (its registration card stays a picture).
    expect(page.body).not.toContain('/src/app/entries/page.ts');
    expect(page.headers).toMatchObject({
      'x-robots-tag': 'noindex',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });

    const missing = await c.post(c.people.esha, '/preview-links', { path: LANDING, number: 999 });
    expect(missing.statusCode).toBe(404);
    const tail = url.endsWith('xx') ? 'yy' : 'xx'; // never the link's own ending
    const wrong = await c.t.call({ method: 'GET', url: `${url.slice(0, -2)}${tail}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('This preview link has expired or does not exist.');
    c.t.clock.advance(73 * 3_600_000);
    const expired = await c.t.call({ method: 'GET', url });
    expect(expired.statusCode).toBe(404);
  });
});

describe('schedules', () => {
  it('publishes a scheduled version by itself when its time comes; the inbox lists what waits', async () => {
    // The clock moved past every session (a preview link's expiry): people sign in again.
    const esha = await c.s.enrolled('editor', 'esha.again@example.com');
    const pia = await c.s.enrolled('publisher', 'pia.again@example.com');
    const path = 'landings/mock-neet.json';
    const saved = await c.edit(esha, path, (doc) => {
      doc.title = 'MOCK-NEET | from next week';
    });
    const number = saved.data.number as number;
    await c.post(esha, '/versions/submit', { path, number, note: 'For next week' });
    const inReview = await c.s.as(pia, { method: 'GET', url: '/studio/api/inbox' });
    expect((inReview.data.versions as { path: string; state: string }[])[0]).toMatchObject({
      path,
      number,
      state: 'review',
      author: 'Test editor',
      note: 'For next week',
    });

    await c.post(pia, '/versions/approve', { path, number });
    const at = new Date(c.t.clock.now().getTime() + 7 * 86_400_000);
    const badTime = await c.post(pia, '/versions/publish', {
      path,
      number,
      publish_at: 'next week',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.data.msg).toBe('The publishing time is not a date and time the Studio can read.');
    const scheduled = await c.post(pia, '/versions/publish', {
      path,
      number,
      publish_at: at.toISOString(),
    });
    expect(scheduled.data).toMatchObject({
      msg: 'Scheduled.',
      version: { state: 'scheduled', publishAt: at.toISOString() },
    });
    const inbox = await c.s.as(pia, { method: 'GET', url: '/studio/api/inbox' });
    expect(inbox.data.versions).toContainEqual(expect.objectContaining({ path, number, state: 'scheduled' }));
    expect(c.t.app.ctx.site.landings.find((l) => l.file === path)?.landing.title).not.toBe(
      'MOCK-NEET | from next week',
    );

    // The server's own poll publishes it once the (test) clock passes its time.
    c.t.clock.set(new Date(at.getTime() + 1_000));
    await expect
      .poll(() => c.t.app.ctx.site.landings.find((l) => l.file === path)?.landing.title, { timeout: 10_000 })
      .toBe('MOCK-NEET | from next week');
    // Every session has ended a week later: a person signs in again.
    const later = await c.s.enrolled('editor', 'esha.later@example.com');
    expect((await c.open(later, path)).data).toMatchObject({
      version: String(number),
      state: 'published',
    });
  });

  it('withdraws a schedule or publishes a scheduled version now; the inbox shows what was sent back', async () => {
    const eva = await c.s.enrolled('editor', 'eva@example.com');
    const pam = await c.s.enrolled('publisher', 'pam@example.com');
    const path = 'landings/mock-jee.json';
    const saved = await c.edit(eva, path, (doc) => {
      doc.title = 'MOCK-JEE | campaign';
    });
    const number = saved.data.number as number;
    await c.post(eva, '/versions/submit', { path, number, note: 'Campaign' });
    const sentBack = await c.post(pam, '/versions/send-back', { path, number, comment: 'Say which week' });
    expect(sentBack.data.version).toMatchObject({ state: 'draft', note: 'Say which week' });
    const inbox = await c.s.as(eva, { method: 'GET', url: '/studio/api/inbox' });
    expect(inbox.data.versions).toContainEqual(
      expect.objectContaining({
        path,
        number,
        state: 'draft',
        note: 'Say which week',
        reviewedBy: 'Test publisher',
      }),
    );

    await c.post(eva, '/versions/submit', { path, number, note: 'Campaign, week 2' });
    await c.post(pam, '/versions/approve', { path, number });
    const at = (ms: number) => new Date(c.t.clock.now().getTime() + ms).toISOString();
    await c.post(pam, '/versions/publish', { path, number, publish_at: at(86_400_000) });
    const editorWithdraws = await c.post(eva, '/versions/unschedule', { path, number });
    expect(editorWithdraws.statusCode).toBe(403);
    const withdrawn = await c.post(pam, '/versions/unschedule', { path, number });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.data).toMatchObject({
      msg: 'The schedule is withdrawn: the version is approved and waits to be published.',
      version: { state: 'approved', publishAt: null, unpublishAt: null },
    });
    expect(versionsOf((await c.s.audited('config.unscheduled')).at(-1))).toEqual([{ path, number }]);
    const again = await c.post(pam, '/versions/unschedule', { path, number });
    expect(again.statusCode).toBe(409);
    expect(again.data.msg).toBe(`Version ${number} is approved: it cannot be withdrawn from a schedule now.`);

    // Scheduled again, with an end; then published at once, keeping the end it was scheduled with.
    const end = at(2 * 86_400_000);
    await c.post(pam, '/versions/publish', { path, number, publish_at: at(86_400_000), unpublish_at: end });
    const now = await c.post(pam, '/versions/publish', { path, number });
    expect(now.data).toMatchObject({
      msg: 'Published: students see it now.',
      version: { state: 'published', unpublishAt: new Date(end).toISOString() },
    });
    expect(c.t.app.ctx.site.landings.find((l) => l.file === path)?.landing.title).toBe('MOCK-JEE | campaign');
  });
});
