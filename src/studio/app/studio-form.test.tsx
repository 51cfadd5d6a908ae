// @vitest-environment jsdom
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

const FILE = 'landings/neet-repeater.json';
/** The blocks as the outline lists them. */
const blockTypes = () =>
  within(screen.getByRole('navigation', { name: 'Blocks of the page' }))
    .getAllByRole('button', { name: /^\d+\. / })
    .map((b) => /^\d+\. ([^:]*)/.exec(b.textContent ?? '')?.[1]?.toLowerCase());

describe('studio form: blocks', () => {
  it('adds a block of a chosen type, moves it by keyboard, removes it and undoes the removal', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
        <StudioApp api={createFakeStudioApi({ [FILE]: fakeLanding() })} />
      </MemoryRouter>,
    );
    await screen.findByLabelText(/^Page title/);
    // The form shows the block chosen in the outline, with the list's own controls.
    await user.click(screen.getByRole('button', { name: /^2\. Hero/ }));
    await screen.findByRole('button', { name: 'Move 2. Hero block down' });
    // The block's own heading names an entry of the list in words, not "Sections of the page 2".
    expect(screen.getByRole('group', { name: /^Section 2/ })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type'), 'validity');
    await user.selectOptions(screen.getByLabelText('Where'), 'After 1. Header block');
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    await waitFor(() => expect(blockTypes()).toEqual(['header', 'validity', 'hero', 'faq']));
    expect(
      screen
        .getAllByRole('status')
        .some((s) => /added a validity block at position 2/i.test(s.textContent ?? '')),
    ).toBe(true);

    // The new block is chosen: the form shows it.
    await user.click(await screen.findByRole('button', { name: 'Move 2. Validity block down' }));
    await waitFor(() => expect(blockTypes()).toEqual(['header', 'hero', 'validity', 'faq']));

    await user.click(await screen.findByRole('button', { name: 'Remove 3. Validity block' }));
    await waitFor(() => expect(blockTypes()).toEqual(['header', 'hero', 'faq']));
    await user.click(screen.getByRole('button', { name: 'Undo: Removed 3. Validity block.' }));
    await waitFor(() => expect(blockTypes()).toEqual(['header', 'hero', 'validity', 'faq']));

    // The preview's iframe holds the site's own page (axe-checked by the site's tests); jsdom's axe
    // cannot enter frames.
    for (const frame of container.querySelectorAll('iframe')) frame.remove();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
