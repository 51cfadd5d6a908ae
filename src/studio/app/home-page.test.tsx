// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createFakeStudioApi, fakeLanding, type FakeStudioApi } from './studio-api.test-support';
import { StudioApp } from './studio-app';
import { renderStudioAs } from './studio-render.test-support';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function files() {
  return {
    'landings/neet-repeater.json': fakeLanding(),
    'landings/neet-repeater-hindi.json': fakeLanding({
      paths: ['/neet-repeater-hindi'],
      variantKey: 'iacst_repeater_neet_hindi',
      locale: 'hi',
      title: 'नीट रिपीटर छात्रवृत्ति',
    }),
    'landings/mock-neet.json': fakeLanding({
      paths: ['/'],
      variantKey: 'default',
      programme: 'mock-neet',
      title: 'Mock NEET test series',
    }),
    'programmes/iacst.json': { id: 'iacst', examType: 'IACST', name: 'iACST' },
  };
}

function renderAt(api: FakeStudioApi, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
}

const rowTitles = () =>
  within(screen.getByRole('table', { name: /landing pages/i }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('studio home', () => {
  it('lists every landing and programme and filters them by any field', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(createFakeStudioApi(files()));
    await screen.findByRole('link', { name: 'Mock NEET test series' });
    expect(rowTitles()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'iACST' })).toBeTruthy();
    // India time (09:30 UTC is 15:00 there).
    expect(screen.getAllByText('1 Mar 2026 (Sunday), 03:00 PM').length).toBeGreaterThan(0);

    const search = screen.getByRole('searchbox', { name: /search pages, programmes and coupons/i });
    await user.type(search, 'hindi');
    expect(rowTitles()).toEqual(['नीट रिपीटर छात्रवृत्ति']);
    expect(screen.getByRole('status').textContent).toMatch(/1 of 3 pages/);

    await user.clear(search);
    await user.type(search, 'mock-neet.localhost');
    expect(rowTitles()).toEqual(['Mock NEET test series']);

    await user.clear(search);
    await user.type(search, '/neet-repeater');
    expect(rowTitles()).toHaveLength(2);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('refuses a new variant whose address another page uses, before anything is written', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi(files());
    renderAt(api);
    await user.click(
      await screen.findByRole('button', { name: 'New variant from NEET repeater scholarship' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.type(
      within(dialog).getByLabelText(/new page address/i),
      '/neet-repeater-hindi-2 /neet-repeater-hindi',
    );
    await user.type(within(dialog).getByLabelText(/variant key/i), 'iacst_repeater_neet_2026');
    await user.type(
      within(dialog).getByLabelText(/title of the new page/i),
      'NEET Repeater Scholarship 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: /check and create/i }));

    const addresses = within(dialog).getByLabelText(/new page address/i);
    await waitFor(() => expect(addresses.getAttribute('aria-invalid')).toBe('true'));
    const errorId = addresses
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('error'));
    // The other page by its title and address, never its file.
    const said = document.getElementById(errorId ?? '')?.textContent ?? '';
    expect(said).toMatch(
      /"\/neet-repeater-hindi" is already used by the page “नीट रिपीटर छात्रवृत्ति” \(\/neet-repeater-hindi\)/,
    );
    expect(said).not.toMatch(/\.json|config\//);
    expect(within(dialog).getByRole('status').textContent).toMatch(/not created/i);
    expect(api.writes).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('opens a refused-free copy as an unpublished draft in the editor', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi(files());
    renderAt(api);
    await user.click(
      await screen.findByRole('button', { name: 'New variant from NEET repeater scholarship' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/new page address/i), '/neet-repeater-2026');
    await user.type(within(dialog).getByLabelText(/variant key/i), 'iacst_repeater_neet_2026');
    await user.type(
      within(dialog).getByLabelText(/title of the new page/i),
      'NEET Repeater Scholarship 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: /check and create/i }));
    await user.click(await within(dialog).findByRole('button', { name: 'Open the new page' }));
    expect(
      await screen.findByText('Landing page at /neet-repeater-2026 · new, not published yet'),
    ).toBeTruthy();
    // Saved as a draft on the server shortly after, never published.
    await waitFor(() => expect(api.writes.map((w) => w.path)).toEqual(['landings/neet-repeater-2026.json']));
    expect(api.files.has('landings/neet-repeater-2026.json')).toBe(false);
  });

  it('shows marketing’s columns: no variant key, id or host list until “Technical details” is opened', async () => {
    const user = userEvent.setup();
    renderAt(createFakeStudioApi(files()));
    const table = await screen.findByRole('table', { name: 'Landing pages' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Variant key');
    expect(headers).not.toContain('Sites');
    const programmes = screen.getByRole('table', { name: 'Programmes' });
    expect(
      within(programmes)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Id');
    // A page's programme by its name, not its id.
    // The rows come with the pages' list, which may follow the table's first paint.
    const neet = (await within(table).findByRole('link', { name: 'NEET repeater scholarship' })).closest(
      'tr',
    );
    expect(neet?.textContent).toContain('iACST');
    // The key and the sites are one click away, folded.
    const details = within(neet as HTMLElement)
      .getByText('Technical details')
      .closest('details');
    expect(details?.open).toBe(false);
    await user.click(within(neet as HTMLElement).getByText('Technical details'));
    expect(details?.open).toBe(true);
    expect(details?.textContent).toContain('iacst_repeater_neet');
  });

  it('shows the site’s settings as a plain screen, not an empty page form', async () => {
    renderAt(createFakeStudioApi(files()), '/edit/site.json');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' })).toBeTruthy();
    expect(screen.queryByText(/untitled/i)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'See who changed them and when' }).getAttribute('href')).toBe(
      '/history/site.json',
    );
    expect(document.activeElement?.textContent).toBe('Site settings');
  });

  it('leads from each page and programme to its history, and a publisher to the Inbox', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi(files());
    renderStudioAs(api, 'publisher', '/');
    expect(
      (await screen.findByRole('link', { name: 'History of Mock NEET test series' })).getAttribute('href'),
    ).toBe('/history/landings/mock-neet.json');
    expect(screen.getByRole('link', { name: 'History of iACST' }).getAttribute('href')).toBe(
      '/history/programmes/iacst.json',
    );
    await user.click(screen.getByRole('link', { name: 'Inbox' }));
    expect(await screen.findByText('Nothing is waiting for a publisher.')).toBeTruthy();
  });
});
