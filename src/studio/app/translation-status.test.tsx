// @vitest-environment jsdom
// Translations in step in the editor: the Hindi page lists its texts whose English changed (and
// marks them beside the field) until they are edited or confirmed "Still right"; the English page
// links to its Hindi page and says how many texts there need translating; both link both ways.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const EN = 'landings/neet-repeater.json';
const HI = 'landings/neet-repeater-hindi.json';
const STALE = 'English changed since this was translated';

function pages() {
  const api = createFakeStudioApi({
    [EN]: fakeLanding(),
    [HI]: fakeLanding({
      paths: ['/neet-repeater-hindi'],
      variantKey: 'iacst_repeater_neet_hindi',
      locale: 'hi',
      title: 'नीट रिपीटर छात्रवृत्ति',
      translationOf: EN,
    }),
  });
  return api;
}

const open = (api: ReturnType<typeof pages>, file: string) =>
  render(
    <MemoryRouter initialEntries={[`/edit/${file}`]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );

describe('translations in step', () => {
  it('marks the Hindi title stale once the English title changed, until it is confirmed', async () => {
    const user = userEvent.setup();
    const api = pages();
    // The server's basis is taken before the English changes (as a Hindi page translated earlier).
    await api.translations(HI);
    api.files.set(EN, fakeLanding({ title: 'NEET repeater scholarship 2027' }));
    open(api, HI);
    // The fake Hindi page is still in English elsewhere: those texts are listed as missing.
    const list = await screen.findByRole('region', { name: /^Texts to translate/ });
    await within(list).findByText(STALE, undefined, { timeout: 5_000 });
    const stale = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes(STALE));
    expect(stale.map((item) => within(item).getByRole('strong').textContent)).toEqual([
      'Page title (browser tab, search results)',
    ]);
    expect(within(list).getByText('NEET repeater scholarship 2027')).toBeTruthy();
    // Beside the field too.
    const beside = await screen.findByRole('note', { name: /^English text of Page title/ });
    expect(beside.textContent).toContain(STALE);
    // The English page is a link.
    expect(
      within(list)
        .getByRole('link', { name: /NEET repeater scholarship/ })
        .getAttribute('href'),
    ).toBe(`/edit/${EN}`);
    expect(await seriousViolations(list)).toEqual([]);

    const before = within(list).getAllByRole('listitem').length;
    await user.click(within(list).getByRole('button', { name: 'Still right' }));
    await waitFor(() => expect(screen.queryByText(STALE)).toBeNull(), { timeout: 5_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(before - 1);
    expect(document.activeElement?.id).toBe('st-translations-heading');
  });

  it('counts a stale text as translated once it is edited', async () => {
    const user = userEvent.setup();
    const api = pages();
    await api.translations(HI);
    api.files.set(EN, fakeLanding({ title: 'NEET repeater scholarship 2027' }));
    open(api, HI);
    await screen.findAllByText(STALE);
    const title = await screen.findByLabelText<HTMLInputElement>(/^Page title/);
    await user.type(title, ' 2027');
    await waitFor(() => expect(screen.queryByText(STALE)).toBeNull(), { timeout: 5_000 });
  });

  it('links the English page to its Hindi page, with how many texts need translating there', async () => {
    const user = userEvent.setup();
    const api = pages();
    open(api, EN);
    const line = await screen.findByText(/^Hindi page:/);
    // The fake Hindi page is in English but for its title: its other texts are missing.
    const count = () => Number(/(\d+) texts? there/.exec(line.textContent ?? '')?.[1]);
    const before = count();
    expect(before).toBeGreaterThan(0);
    expect(within(line).getByRole('link').getAttribute('href')).toBe(`/edit/${HI}`);
    const title = await screen.findByLabelText<HTMLInputElement>(/^Page title/);
    await user.type(title, ' 2027');
    await waitFor(() => expect(count()).toBe(before + 1), { timeout: 5_000 });
  });
});
