// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import programmeSchema from '../../../schemas/config/programme.schema.json';
import { blockName, landingOutline, programmeOutline, shows } from '../model/outline';
import { draftStore } from '../model/draft-store';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import type { Json } from './studio-api';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';

function renderEditor() {
  render(
    <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
      <StudioApp api={createFakeStudioApi({ [FILE]: fakeLanding() })} />
    </MemoryRouter>,
  );
}

const outline = () => within(screen.getByRole('navigation', { name: 'Blocks of the page' }));
/** The outline's entries, as read. */
const names = () =>
  outline()
    .getAllByRole('button', { name: /^\d+\. / })
    .map((b) => b.textContent);
/** The block types of the draft kept in the browser (what is saved). */
const keptBlocks = () => {
  const content = draftStore(localStorage).load(FILE)?.content as { blocks: Json[] } | undefined;
  return content?.blocks.map((b) => (b as { type: string; hidden?: boolean }).type);
};
const said = (pattern: RegExp) =>
  screen.getAllByRole('status').some((s) => pattern.test(s.textContent ?? ''));

describe('the outline', () => {
  it('names blocks as a reader sees them and shows only the chosen part of the form', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByLabelText(/^Page title/);
    expect(names()).toEqual(['1. Header', '2. Hero: NEET repeater scholarship', '3. FAQ: 1 question']);
    // Page settings first: the page's own fields, no block.
    expect(screen.getByRole('textbox', { name: /^Search results description/ })).toBeTruthy();
    // (Role queries skip what is not shown.)
    expect(screen.getAllByRole<HTMLInputElement>('textbox').some((t) => t.value === 'What is it?')).toBe(
      false,
    );

    await user.click(outline().getByRole('button', { name: /^2\. Hero/ }));
    expect(
      outline()
        .getByRole('button', { name: /^2\. Hero/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(screen.getByRole('textbox', { name: /^Heading/ })).toHaveProperty(
      'value',
      'NEET repeater scholarship',
    );
    expect(screen.queryByRole('textbox', { name: /^Search results description/ })).toBeNull();
    // A sub-heading runs to sentences: a multi-line box.
    expect(screen.getByRole('textbox', { name: /^Sub-heading/ }).tagName).toBe('TEXTAREA');
    // The FAQ's fields are kept but not shown.
    expect(screen.queryByRole('button', { name: /Remove 3\. FAQ/i })).toBeNull();

    // Collapsible: the list hides and comes back.
    await user.click(outline().getByRole('button', { name: 'Hide list' }));
    expect(screen.queryByRole('button', { name: /^2\. Hero/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show list' }));
    expect(screen.getByRole('button', { name: /^2\. Hero/ })).toBeTruthy();
  });

  it('moves a block by keyboard a step or to a position, duplicates, hides, removes and undoes', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByLabelText(/^Page title/);
    await user.click(outline().getByRole('button', { name: /^3\. FAQ/ }));

    await user.click(outline().getByRole('button', { name: 'Move FAQ: 1 question up' }));
    expect(names()).toEqual(['1. Header', '2. FAQ: 1 question', '3. Hero: NEET repeater scholarship']);
    expect(said(/Moved FAQ: 1 question to position 2 of 3/)).toBe(true);
    // Still chosen after the move, and the focus stays on it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('2. FAQ: 1 question'));

    await user.selectOptions(outline().getByLabelText('Position'), '1');
    expect(names()[0]).toBe('1. FAQ: 1 question');
    await waitFor(() => expect(keptBlocks()).toEqual(['faq', 'header', 'hero']));

    await user.click(outline().getByRole('button', { name: 'Duplicate FAQ: 1 question' }));
    expect(names()).toEqual([
      '1. FAQ: 1 question',
      '2. FAQ: 1 question',
      '3. Header',
      '4. Hero: NEET repeater scholarship',
    ]);
    expect(
      outline()
        .getByRole('button', { name: /^2\. FAQ/ })
        .getAttribute('aria-current'),
    ).toBe('true');

    await user.click(outline().getByRole('button', { name: 'Hide FAQ: 1 question from the page' }));
    expect(outline().getByRole('button', { name: /^2\. FAQ/ }).textContent).toMatch(/Hidden$/);
    await waitFor(() =>
      expect(
        (draftStore(localStorage).load(FILE)?.content as { blocks: { hidden?: boolean }[] }).blocks[1]
          ?.hidden,
      ).toBe(true),
    );
    await user.click(outline().getByRole('button', { name: 'Show FAQ: 1 question on the page' }));
    expect(outline().getByRole('button', { name: /^2\. FAQ/ }).textContent).not.toMatch(/Hidden/);

    await user.click(outline().getByRole('button', { name: 'Remove FAQ: 1 question' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Undo: Removed FAQ: 1 question.' }));
    await waitFor(() => expect(names()).toHaveLength(4));
  });

  it('gives a programme its sections, each showing its own fields', () => {
    const sections = programmeOutline();
    expect(sections.map((s) => s.name)).toEqual([
      'Facts (name, mode, who can take it)',
      'Fees, payment and scholarship',
      'Dates and exam windows',
      'Registration steps',
      'Dashboard blocks',
      'FAQ on the dashboard',
    ]);
    // Every field of a programme is in a section (the file's marker aside).
    for (const name of Object.keys(programmeSchema.properties).filter((n) => n !== '$schema'))
      expect(
        sections.some((section) => shows(section, `/${name}`) && !section.hide.includes(`/${name}`)),
      ).toBe(true);
    const dashboard = sections[4];
    expect(shows(dashboard, '/dashboard/blocks/0')).toBe(true);
    expect(shows(dashboard, '/dashboard/faq/0')).toBe(false);
    expect(shows(dashboard, '/fee/amount')).toBe(false);
    // The way to a chosen field is shown (its parents), not their other fields.
    expect(shows(sections[5], '/dashboard')).toBe(true);
    expect(shows(sections[5], '/dashboard/blocks')).toBe(false);
  });

  it('names a block by its heading or by how many entries it has', () => {
    expect(blockName({ type: 'faq', items: Array.from({ length: 8 }, () => ({})) })).toBe('FAQ: 8 questions');
    expect(blockName({ type: 'hero', heading: 'NEET repeater scholarship' })).toBe(
      'Hero: NEET repeater scholarship',
    );
    expect(landingOutline({ blocks: [{ type: 'stats', hidden: true }] })[1]).toMatchObject({
      name: 'Stats',
      hidden: true,
    });
  });
});
