// @vitest-environment jsdom
// "New variant from…" with a title: the address and key follow the title until typed; the page's
// Hindi page is copied too when asked (translating the new page); and the dialog lists the copied
// texts that still name the page they were copied from, search description included.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { draftStore } from '../model/draft-store';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function setup() {
  const api = createFakeStudioApi({
    'landings/neet-repeater.json': fakeLanding(),
    'landings/neet-repeater-hindi.json': fakeLanding({
      paths: ['/neet-repeater-hindi'],
      variantKey: 'iacst_repeater_neet_hindi',
      locale: 'hi',
      title: 'नीट रिपीटर छात्रवृत्ति',
      description: 'नीट रिपीटर कोर्स पर 60% तक छात्रवृत्ति पाएँ, 60 मिनट की निःशुल्क ऑनलाइन परीक्षा देकर।',
      translationOf: 'landings/neet-repeater.json',
    }),
    'programmes/iacst.json': { id: 'iacst', examType: 'IACST', name: 'iACST' },
  });
  render(
    <MemoryRouter initialEntries={['/']}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
  return { api, user: userEvent.setup() };
}

describe('new variant from a page with a Hindi page', () => {
  it('suggests the address and key from the title, copies the Hindi page, and lists the leftover texts', async () => {
    const { user } = setup();
    await user.click(
      await screen.findByRole('button', { name: 'New variant from NEET repeater scholarship' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/title of the new page/i), 'JEE Dropper Scholarship 2027');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/new page address/i).value).toBe(
      '/jee-dropper-scholarship-2027',
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>(/variant key/i).value).toBe(
      'iacst_jee_dropper_scholarship_2027',
    );
    const twin = await within(dialog).findByRole('checkbox', { name: 'Copy its Hindi page too' });
    expect((twin as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: /check and create/i }));

    const heading = await within(dialog).findByRole('heading', {
      name: 'Two drafts made: the new page and its Hindi page',
    });
    expect(document.activeElement).toBe(heading);
    const english = within(dialog).getByRole('region', { name: 'On the new page' });
    const items = within(english)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.some((t) => t?.startsWith('Search results description'))).toBe(true);
    expect(items.some((t) => t?.includes('Hero'))).toBe(true);
    const hindi = within(dialog).getByRole('region', { name: 'On its Hindi page' });
    expect(within(hindi).getByText(/Search results description/)).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);

    // Both kept as drafts; the Hindi copy translates the new page, at its own address.
    const store = draftStore(localStorage);
    const made = store.load('landings/jee-dropper-scholarship-2027.json')?.content as Record<string, unknown>;
    expect(made).toMatchObject({
      title: 'JEE Dropper Scholarship 2027',
      variantKey: 'iacst_jee_dropper_scholarship_2027',
    });
    const copy = store.load('landings/jee-dropper-scholarship-2027-hindi.json')?.content as Record<
      string,
      unknown
    >;
    expect(copy).toMatchObject({
      locale: 'hi',
      paths: ['/jee-dropper-scholarship-2027-hindi'],
      variantKey: 'iacst_jee_dropper_scholarship_2027_hindi',
      translationOf: 'landings/jee-dropper-scholarship-2027.json',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Open its Hindi page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the title first', async () => {
    const { user, api } = setup();
    await user.click(
      await screen.findByRole('button', { name: 'New variant from NEET repeater scholarship' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /check and create/i }));
    const title = within(dialog).getByLabelText(/title of the new page/i);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain('st-new-title-error');
    expect(api.writes).toEqual([]);
  });
});
