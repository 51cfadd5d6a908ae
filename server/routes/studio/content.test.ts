// examflow Studio's documents on the server (decision 049), through its real routes and database:
// the list and a document with who is working on it, drafts saved from the published version (a
// conflict when another was published meanwhile), validation and preview of drafts, and the
// refusals: bad paths, too large, no CSRF token, a student's token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApp, type ContentApp, type Doc } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
});
afterAll(async () => c?.t.close());

const LANDING = 'landings/neet-repeater.json';

describe('documents', () => {
  it('lists every landing and programme at its published version, with its open versions', async () => {
    const list = await c.s.as(c.people.esha, { method: 'GET', url: '/studio/api/files' });
    expect(list.statusCode).toBe(200);
    const landings = list.data.landings as {
      path: string;
      title: string;
      paths: string[];
      hosts: string[];
      published: number | null;
      openVersions: unknown[];
    }[];
    const programmes = list.data.programmes as { path: string; id: string; title: string }[];
    expect(landings.find((l) => l.path === LANDING)).toMatchObject({
      title: expect.stringContaining('NEET Repeater'),
      paths: ['/neet-repeater-scholarship'],
      published: 1,
      openVersions: [],
    });
    expect(landings.find((l) => l.path === LANDING)?.hosts.length).toBeGreaterThan(0);
    expect(programmes.map((p) => p.id)).toContain('iat');
  });

  it('opens a document at its published version; a missing one is 404, a bad path 400, in words', async () => {
    const opened = await c.open(c.people.esha, LANDING);
    expect(opened.statusCode).toBe(200);
    expect(opened.data).toMatchObject({
      path: LANDING,
      version: '1',
      number: 1,
      state: 'published',
      drafts: [],
    });
    expect((opened.data.content as Doc).title).toMatch(/NEET Repeater/);

    const missing = await c.open(c.people.esha, 'landings/no-such-page.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.data.msg).toMatch(/does not exist/);
    for (const path of [
      '../etc/passwd',
      'landings/../site.json',
      'other/x.json',
      '/site.json',
      'landings/X.json',
    ]) {
      const bad = await c.open(c.people.esha, path);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.data).toMatchObject({
        error: 'bad-path',
        msg: 'That is not a page or programme the Studio can open.',
      });
    }
    const badNumber = await c.s.as(c.people.esha, {
      method: 'GET',
      url: `/studio/api/file?path=${LANDING}&number=x`,
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.data.msg).toBe('A version is a number such as 3.');
  });

  it('saves a draft made from the published version, audited; the other editor is told of it', async () => {
    const saved = await c.edit(c.people.esha, LANDING, (doc) => {
      doc.title = 'NEET Repeater | draft by Esha';
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.data).toMatchObject({ state: 'draft', others: [] });
    const number = Number(saved.data.version);
    expect(number).toBe(2);

    // The document is still published at 1; the draft is listed with its author.
    const opened = await c.open(c.people.eli, LANDING);
    expect(opened.data).toMatchObject({ version: '1', number: 1 });
    expect(opened.data.drafts).toEqual([
      expect.objectContaining({ number, state: 'draft', author: 'Test editor' }),
    ]);
    const draft = await c.open(c.people.eli, LANDING, number);
    expect((draft.data.content as Doc).title).toBe('NEET Repeater | draft by Esha');

    // A second person saving the same document hears about the first's draft.
    const second = await c.edit(c.people.eli, LANDING, (doc) => {
      doc.title = 'NEET Repeater | draft by Eli';
    });
    expect(second.statusCode).toBe(200);
    expect(second.data.others).toEqual([
      expect.objectContaining({ number, author: 'Test editor', state: 'draft' }),
    ]);

    // Esha saves again from her draft: the new draft replaces hers (archived, kept in the history).
    const again = await c.edit(
      c.people.esha,
      LANDING,
      (doc) => {
        doc.title = 'NEET Repeater | second save by Esha';
      },
      String(number),
    );
    expect(again.statusCode).toBe(200);
    const states = (
      await c.t.db
        .selectFrom('config_versions')
        .select(['number', 'state'])
        .where('path', '=', LANDING)
        .orderBy('number')
        .execute()
    ).map((r) => `${r.number}:${r.state}`);
    expect(states).toEqual(['1:published', '2:archived', '3:draft', '4:draft']);

    // Saved again from the published version, as the editor saves while she types (a save it
    // aborted may have arrived too): still one draft of hers, Eli's untouched.
    for (const title of ['typed on', 'typed on again'])
      expect(
        (
          await c.edit(
            c.people.esha,
            LANDING,
            (doc) => {
              doc.title = `NEET Repeater | ${title}`;
            },
            '1',
          )
        ).statusCode,
      ).toBe(200);
    const open = await c.t.db
      .selectFrom('config_versions')
      .select('number')
      .where('path', '=', LANDING)
      .where('state', '=', 'draft')
      .orderBy('number')
      .execute();
    expect(open.map((r) => r.number)).toEqual([3, 6]);

    const entry = (await c.s.audited('config.draft-saved'))[0];
    expect(entry).toMatchObject({ actor_email: 'esha@example.com' });
    expect(JSON.parse(entry?.versions ?? '[]')).toEqual([{ path: LANDING, number: 2 }]);
  });

  it('refuses a draft made from a version no longer published (409, with what is published now)', async () => {
    const path = 'landings/jee-repeater.json';
    const first = await c.edit(c.people.esha, path, (doc) => {
      doc.title = 'JEE Repeater | first';
    });
    // Eli opened the page at the same time.
    const eliOpened = await c.open(c.people.eli, path);
    await c.publishVersion(c.people.esha, c.people.pia, path, Number(first.data.version));

    const content = eliOpened.data.content as Doc;
    content.title = 'JEE Repeater | second';
    const late = await c.s.as(c.people.eli, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path, content, baseVersion: eliOpened.data.version },
    });
    expect(late.statusCode).toBe(409);
    expect(late.data).toMatchObject({
      error: 'changed',
      msg: 'Someone else published a new version of this page since you opened it.',
      current: {
        version: first.data.version,
        content: expect.objectContaining({ title: 'JEE Repeater | first' }),
      },
    });
    // A new page whose name another has published meanwhile.
    const taken = await c.s.as(c.people.eli, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path, content, baseVersion: null },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('saves a new page (no base) as a draft that may be incomplete; validation lists its problems', async () => {
    const path = 'landings/neet-2027.json';
    const base = (await c.open(c.people.esha, LANDING)).data.content as Doc;
    const content = { ...base, title: '', paths: ['/neet-repeater-scholarship'] };
    const saved = await c.s.as(c.people.esha, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path, content, baseVersion: null },
    });
    expect(saved.statusCode).toBe(200);
    expect((await c.open(c.people.esha, path)).data).toMatchObject({
      version: saved.data.version,
      state: 'draft',
    });

    const checked = await c.post(c.people.esha, '/validate', { drafts: [{ path, content }] });
    expect(checked.statusCode).toBe(200);
    expect(checked.data.problems).toContainEqual({
      file: path,
      pointer: '/title',
      message: 'must not be empty',
    });
    // Across documents: the path another page holds.
    const twin = await c.post(c.people.esha, '/validate', {
      drafts: [{ path, content: { ...content, title: 'NEET 2027' } }],
    });
    const problems = twin.data.problems as { file: string; message: string }[];
    expect(problems.some((p) => /neet-repeater-scholarship/.test(p.message))).toBe(true);

    const fine = await c.post(c.people.esha, '/validate', { drafts: [{ path: LANDING, content: base }] });
    expect(fine.data.problems).toEqual([]);
    const badPath = await c.post(c.people.esha, '/validate', {
      drafts: [{ path: 'x/y.json', content: base }],
    });
    expect(badPath.statusCode).toBe(400);
    const tooMany = await c.post(c.people.esha, '/validate', {
      drafts: Array.from({ length: 51 }, () => ({ path: LANDING, content: {} })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(String(tooMany.data.msg)).toMatch(/drafts/);
  });

  it("previews a draft with the site's renderer before anything is saved, saying where the time went", async () => {
    const content = (await c.open(c.people.esha, LANDING)).data.content as Doc;
    content.title = 'Preview title only in the draft';
    const shown = await c.post(c.people.esha, '/preview', { path: LANDING, content });
    expect(shown.statusCode).toBe(200);
    expect(shown.data.html).toContain('Preview title only in the draft');
    // With the page's script (the Studio's frame decides whether it runs), never the funnel's reporter.
    expect(shown.data.html).toContain('/src/app/entries/page.ts');
    expect(shown.data.html).not.toContain('funnel');
    expect(shown.data).toMatchObject({ pagePath: '/neet-repeater-scholarship', problems: [] });
    expect(shown.headers['server-timing']).toMatch(/validate;dur=[\d.]+, render;dur=[\d.]+, total;dur=/);

    // A programme draft shows one of its landings.
    const programme = (await c.open(c.people.esha, 'programmes/iat.json')).data.content as Doc;
    const viaProgramme = await c.post(c.people.esha, '/preview', {
      path: 'programmes/iat.json',
      content: programme,
    });
    expect(viaProgramme.data.html).toContain('<html');

    const wrong = await c.post(c.people.esha, '/preview', { path: 'site.json', content: {} });
    expect(wrong.statusCode).toBe(400);
    const empty = await c.post(c.people.esha, '/preview', {
      path: LANDING,
      content: { ...content, paths: [] },
    });
    expect(empty.data.html).toBe('');
    expect((empty.data.problems as { message: string }[]).at(-1)?.message).toMatch(
      /no page to show|cannot be drawn/,
    );
  });
});

describe('refusals', () => {
  it('refuses a body over the limit with 413 and a sentence', async () => {
    const content = { title: 'x'.repeat(310_000) };
    const big = await c.s.as(c.people.esha, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path: LANDING, content, baseVersion: '1' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.data).toMatchObject({
      error: 'too-large',
      msg: 'That is too large: the Studio accepts at most 292 KB.',
    });
  });

  it('refuses a change without the CSRF token (403, audited), and a body that is not JSON', async () => {
    const content = (await c.open(c.people.esha, LANDING)).data.content as Doc;
    const noToken = await c.s.call({
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path: LANDING, content, baseVersion: '1' },
      cookies: { examflow_studio: c.people.esha.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect((await c.s.audited('access.refused')).at(-1)?.details).toMatchObject({ reason: 'csrf-missing' });
    const text = await c.s.as(c.people.esha, {
      method: 'POST',
      url: '/studio/api/validate',
      payload: 'drafts',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });

  it("opens nothing to a student's token or without a session", async () => {
    const student = await c.t.login('250000000002', '14/03/2011');
    const urls = [
      '/studio/api/files',
      `/studio/api/file?path=${LANDING}`,
      '/studio/api/inbox',
      '/studio/api/images',
    ];
    for (const headers of [student, {}])
      for (const url of urls) {
        const answer = await c.s.call({ method: 'GET', url, headers });
        expect(answer.statusCode, url).toBe(401);
        expect(answer.data.msg).toMatch(/Sign in to the Studio/);
      }
    const reasons = (await c.s.audited('access.refused')).map((e) => e.details.reason);
    expect(reasons.filter((r) => r === 'student-token')).toHaveLength(urls.length);
  });

  it('answers the funnel from its own database, and refuses a bad range or pair in words', async () => {
    const funnel = await c.s.as(c.people.esha, {
      method: 'GET',
      url: '/studio/api/funnel?from=2026-01-01&to=2026-01-31',
    });
    expect(funnel.statusCode).toBe(200);
    expect(funnel.data).toMatchObject({ source: expect.any(String), variants: expect.any(Array) });
    const compare = await c.s.as(c.people.esha, {
      method: 'GET',
      url: '/studio/api/funnel/compare?from=2026-01-01&to=2026-01-31&a=iacst:a&b=iacst:b',
    });
    expect(compare.statusCode).toBe(200);
    expect(compare.data.comparison).toMatchObject({ a: { programme: 'iacst', variant: 'a' } });
    for (const [query, msg] of [
      ['from=2026-02-01&to=2026-01-01', 'The first day must come before the last day.'],
      ['from=2026-01-01', 'Choose a first and a last day for the report.'],
      ['from=2024-01-01&to=2026-01-01', 'Choose at most 400 days.'],
    ]) {
      const bad = await c.s.as(c.people.esha, { method: 'GET', url: `/studio/api/funnel?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.data.msg).toBe(msg);
    }
    const same = await c.s.as(c.people.esha, {
      method: 'GET',
      url: '/studio/api/funnel/compare?from=2026-01-01&to=2026-01-31&a=iacst:a&b=iacst:a',
    });
    expect(same.data.msg).toBe('Choose two different variants.');
  });
});
