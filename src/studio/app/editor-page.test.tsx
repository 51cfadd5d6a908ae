// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { draftStore as makeDraftStore } from '../model/draft-store';
import { createFakeStudioApi, fakeLanding, type FakeStudioApi } from './studio-api.test-support';
import { renderStudioAs } from './studio-render.test-support';
import type { Json } from './studio-api';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';
const draftStore = () => makeDraftStore(localStorage);

function renderEditor(api: FakeStudioApi) {
  return render(
    <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
}

const titleField = () => screen.findByLabelText<HTMLInputElement>(/^Page title/);
const submitButton = () => screen.getByRole('button', { name: 'Submit for review' });
const lastVersion = (api: FakeStudioApi) => api.versionsOf.get(FILE)?.at(-1);

async function typeTitle(text: string) {
  fireEvent.change(await titleField(), { target: { value: text } });
}

/** The editor with a changed title saved as a draft: Submit is enabled. */
async function withSavedTitle() {
  const user = userEvent.setup();
  const api = createFakeStudioApi({ [FILE]: fakeLanding() });
  renderEditor(api);
  await typeTitle('A better title');
  await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
  return { user, api };
}

describe('studio editor', () => {
  it('undoes and redoes across the whole draft, by button and by keyboard, and keeps the draft', async () => {
    const user = userEvent.setup();
    renderEditor(createFakeStudioApi({ [FILE]: fakeLanding() }));
    await typeTitle('NEET repeater scholarship 2026');
    expect((await titleField()).value).toBe('NEET repeater scholarship 2026');
    await waitFor(() =>
      expect(draftStore().load(FILE)?.content).toMatchObject({ title: 'NEET repeater scholarship 2026' }),
    );

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect((await titleField()).value).toBe('NEET repeater scholarship');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect((await titleField()).value).toBe('NEET repeater scholarship 2026');

    await user.keyboard('{Control>}z{/Control}');
    expect((await titleField()).value).toBe('NEET repeater scholarship');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect((await titleField()).value).toBe('NEET repeater scholarship 2026');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Redone.')).toBe(true);
  });

  it('restores a kept draft after a reload', async () => {
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    const version = (await api.getFile(FILE))?.version ?? null;
    draftStore().save(FILE, fakeLanding({ title: 'Typed before the reload' }), version);
    renderEditor(api);
    expect((await titleField()).value).toBe('Typed before the reload');
    expect(await screen.findByText(/restored your unpublished changes/i)).toBeTruthy();
  });

  it('continues my draft saved on the server when this browser keeps none (another computer), not another person’s', async () => {
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    api.addVersion(FILE, fakeLanding({ title: 'Typed on my laptop' }), {});
    api.addVersion(FILE, fakeLanding({ title: 'Typed by Eli' }), {
      authorId: 'staff-eli',
      authorName: 'Eli',
    });
    renderStudioAs(api, 'editor', `/edit/${FILE}`);
    expect((await titleField()).value).toBe('Typed on my laptop');
    expect(await screen.findByText(/^Continued your draft, saved /)).toBeTruthy();
    // It is the draft on the server: not saved again, and it can be submitted as it is.
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(api.writes).toEqual([]);
  });

  it('keeps Submit disabled, and looking it, while a problem stands; the summary links to the field', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    renderEditor(api);
    await typeTitle('');
    const summary = await screen.findByRole('heading', { name: /1 problem to fix/ });
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/fix the problem to submit it for review/i)).toBeTruthy();
    // Linked from the button, so a screen reader says why it is unavailable.
    expect(submitButton().getAttribute('aria-describedby')).toBe('st-publish-why');

    // The message is at the field (described by it) and in the summary, in words.
    const field = await titleField();
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '');
    // In words (S2's friendlyMessage decides the exact sentence): the field's name, no pointer, no ajv.
    const atField = described.join(' ');
    expect(atField).toMatch(/title.*empty/i);
    expect(atField).not.toMatch(/\/title|must NOT/);
    const link = within(summary.closest('div') as HTMLElement).getByRole('link', { name: /title.*empty/i });
    await user.click(link);
    expect(document.activeElement).toBe(field);

    await typeTitle('A better title');
    // Saved on the server by itself (a draft: not published), then submitted with a note.
    await waitFor(() => expect(api.writes.at(-1)?.content).toMatchObject({ title: 'A better title' }));
    expect(api.files.get(FILE)).toMatchObject({ title: 'NEET repeater scholarship' });
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    await user.type(screen.getByLabelText(/note for the reviewer/i), 'New title for 2026');
    await user.click(submitButton());
    const news = await screen.findByText(/^Submitted for review\. A publisher checks it/);
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(lastVersion(api)).toMatchObject({
      state: 'review',
      note: 'New title for 2026',
      content: { title: 'A better title' },
    });
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('takes a Submit clicked right after typing: it waits for the draft with those keys, then submits it', async () => {
    const { user, api } = await withSavedTitle();
    // Keys held by the field (told after the typist's pause), then Submit at once: the click's
    // blur tells them and starts a new save, under the pointer.
    const field = await titleField();
    await user.click(field);
    await user.type(field, ' for 2026');
    await user.click(submitButton());
    await screen.findByText(/^Submitted for review\. A publisher checks it/);
    expect(lastVersion(api)).toMatchObject({
      state: 'review',
      content: { title: 'A better title for 2026' },
    });
  });

  it('sends the keys a field still holds when Submit is clicked without leaving the field', async () => {
    const { user, api } = await withSavedTitle();
    // Typed into the field and held (its pause not over), and no blur: Submit sends them itself.
    await typeTitle('Another title');
    await user.click(submitButton());
    await screen.findByText(/^Submitted for review\. A publisher checks it/);
    expect(lastVersion(api)).toMatchObject({ state: 'review', content: { title: 'Another title' } });
  });

  it('drops a kept Submit whose save failed, and saves again at the next click', async () => {
    const { user, api } = await withSavedTitle();
    const putFile = api.putFile.bind(api);
    api.putFile = () => Promise.reject(new Error('the network is down'));
    const field = await titleField();
    await user.clear(field);
    await user.type(field, 'Another title');
    await user.click(submitButton());
    expect(await screen.findByText(/^Not saved on the server \(the network is down\)/)).toBeTruthy();
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(lastVersion(api)?.state).not.toBe('review');

    api.putFile = putFile;
    await user.click(submitButton());
    await screen.findByText(/^Submitted for review\. A publisher checks it/);
    expect(lastVersion(api)).toMatchObject({ state: 'review', content: { title: 'Another title' } });
  });

  it('says why a Submit waiting for the draft was not sent when the check finds a problem', async () => {
    const { user, api } = await withSavedTitle();
    const field = await titleField();
    await user.clear(field);
    await user.click(submitButton());
    expect(
      await screen.findByText(/^Not submitted: fix the problem to submit it for review\./i),
    ).toBeTruthy();
    expect(lastVersion(api)?.state).not.toBe('review');
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('refuses to save over a page published meanwhile, shows both versions and merges by choice', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    renderEditor(api);
    await typeTitle('My new title');
    // Someone else changes the title and the description meanwhile.
    api.writeOnDisk(
      FILE,
      fakeLanding({
        title: 'Their title',
        description: 'Their description, long enough to be a meta description for search results pages.',
      }),
    );
    // The draft's own save (shortly after typing) finds the page published since it was opened.
    const conflict = await screen.findByRole('region', { name: /someone else changed this page/i });
    expect(api.writes).toEqual([]);
    expect(within(conflict).getByText('Published meanwhile: Their title')).toBeTruthy();
    // (The save goes as the typed keys are sent; the form takes them a moment later.)
    expect(await within(conflict).findByText('Yours: My new title')).toBeTruthy();
    expect(within(conflict).getByText(/^Published meanwhile: Their description/)).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);

    // Keep my title, take their description.
    const groups = within(conflict).getAllByRole('group');
    const description = groups.find((g) => /description/i.test(g.textContent ?? '')) as HTMLElement;
    await user.click(within(description).getByRole('radio', { name: 'Take theirs' }));
    await user.click(within(conflict).getByRole('button', { name: 'Use my choices' }));
    expect(screen.queryByRole('region', { name: /someone else changed/i })).toBeNull();
    expect((await titleField()).value).toBe('My new title');

    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]?.content).toMatchObject({
      title: 'My new title',
      description: expect.stringMatching(/^Their description/) as Json,
    });
  });

  it('saves the draft on the server as typing pauses, aborting a save the next change made stale', async () => {
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    const signals: AbortSignal[] = [];
    const putFile = api.putFile.bind(api);
    // The first save is slow: the person types on before it is answered.
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    api.putFile = async (request, signal) => {
      if (signal) signals.push(signal);
      if (signals.length === 1) await firstAnswered;
      // As fetch does: an aborted request is never answered.
      if (signal?.aborted) throw new DOMException('The save was aborted.', 'AbortError');
      return putFile(request, signal);
    };
    renderEditor(api);
    await typeTitle('A');
    await waitFor(() => expect(signals.length).toBeGreaterThan(0));
    // Typing while it is on its way: that save is aborted, and the newer draft is saved instead.
    await typeTitle('AB');
    await waitFor(() => expect(signals[0]?.aborted).toBe(true));
    answerFirst();
    await waitFor(() => expect(api.writes.at(-1)?.content).toMatchObject({ title: 'AB' }));
    expect(api.writes.map((w) => (w.content as { title: string }).title)).not.toContain('A');
    expect(
      await screen.findByText(
        /^Draft saved at \d\d:\d\d [AP]M\. Students see it only once it is published\./,
      ),
    ).toBeTruthy();
    // Nothing was published.
    expect(api.files.get(FILE)).toMatchObject({ title: 'NEET repeater scholarship' });
  });

  it('keeps what was typed while the page’s Hindi version arrives, and then shows it beside each text', async () => {
    const HINDI = 'landings/neet-repeater-hindi.json';
    const api = createFakeStudioApi({
      [FILE]: fakeLanding(),
      [HINDI]: fakeLanding({
        paths: ['/neet-repeater-hindi'],
        variantKey: 'iacst_repeater_neet_hindi',
        locale: 'hi',
        title: 'नीट रिपीटर छात्रवृत्ति',
        translationOf: FILE,
      }),
    });
    // The Hindi page is slow to come: the editor types before it does.
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const getFile = api.getFile.bind(api);
    api.getFile = async (path) => {
      if (path === HINDI) await arrived;
      return getFile(path);
    };
    renderEditor(api);
    await typeTitle('NEET repeaters 2027');
    release();
    await screen.findByText(/^Hindi page: .*its texts shown beside each text here/);
    expect((await titleField()).value).toBe('NEET repeaters 2027');
    await waitFor(() =>
      expect(draftStore().load(FILE)?.content).toMatchObject({ title: 'NEET repeaters 2027' }),
    );
    expect(screen.getByRole('note', { name: /^Hindi text of Page title/ }).textContent).toContain(
      'नीट रिपीटर छात्रवृत्ति',
    );
  });

  it('names the English page a Hindi page translates by its title and address, not its file', async () => {
    const user = userEvent.setup();
    const HINDI = 'landings/neet-repeater-hindi.json';
    const api = createFakeStudioApi({
      [FILE]: fakeLanding(),
      [HINDI]: fakeLanding({
        paths: ['/neet-repeater-hindi'],
        variantKey: 'iacst_repeater_neet_hindi',
        locale: 'hi',
        title: 'नीट रिपीटर छात्रवृत्ति',
      }),
    });
    render(
      <MemoryRouter initialEntries={[`/edit/${HINDI}`]}>
        <StudioApp api={api} />
      </MemoryRouter>,
    );
    const field = await screen.findByRole('combobox', { name: /^Translation of/ });
    await waitFor(() =>
      expect(
        within(field)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None: this page translates no other page', 'NEET repeater scholarship (/neet-repeater)']),
    );
    await user.selectOptions(field, 'NEET repeater scholarship (/neet-repeater)');
    await waitFor(() => expect(draftStore().load(HINDI)?.content).toMatchObject({ translationOf: FILE }));
  });
});

describe('studio editor: a page never published', () => {
  it('opens its newest server draft as a new page, not as the published one', async () => {
    const api = createFakeStudioApi({ [FILE]: fakeLanding({ title: 'NEET dropper week' }) });
    const getFile = api.getFile.bind(api);
    // The server answers an unpublished page's newest draft, saying nothing is published.
    api.getFile = async (path) => {
      const loaded = await getFile(path);
      return loaded && path === FILE ? { ...loaded, published: null } : loaded;
    };
    renderEditor(api);
    expect((await titleField()).value).toBe('NEET dropper week');
    expect(await screen.findByText(/new, not published yet/)).toBeTruthy();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === 'This new page is a draft until it is published.'),
    ).toBe(true);
  });
});
