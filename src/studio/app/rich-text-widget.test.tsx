// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import iacstConfig from '../../../config/programmes/iacst.json';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createSanitizer } from '../../domain/safe-html-rule';
import { getAt } from './json-path';
import { uiSchemaFor } from './schema-bundle';
import { createFakeStudioApi } from './studio-api.test-support';
import type { Json } from './studio-api';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// ProseMirror measures the page to scroll the cursor into view; jsdom lays nothing out.
beforeAll(() => {
  const none = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 }) as DOMRect;
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= none;
  document.elementFromPoint ??= () => null;
});

const FILE = 'programmes/iacst.json';
const FIRST_ANSWER = ['dashboard', 'faq', 0, 'points', 0];
// The programme's dashboard and what it needs to draw (its whole form is slow to draw in jsdom).
const withAnswer = (answer: string) =>
  ({
    $schema: iacstConfig.$schema,
    id: iacstConfig.id,
    name: iacstConfig.name,
    dashboard: {
      ...iacstConfig.dashboard,
      faq: [{ id: 'when', heading: 'When can I take my test?', points: [answer] }],
    },
  }) as unknown as Json;
const iacst = withAnswer('On the exam date you chose.');

async function openFaq(programme = iacst) {
  const user = userEvent.setup();
  const api = createFakeStudioApi({ [FILE]: programme });
  render(
    <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: /^FAQ on the dashboard/ }, { timeout: 5000 }));
  // The editor is a chunk of its own: loaded (the first time, slowly in jsdom) once the field shows.
  // (Found by its id: a role query over the whole programme form takes seconds a try in jsdom.)
  const text = await waitFor(
    () => {
      const found = document.querySelector<HTMLElement>('#root_dashboard_faq_0_points_0[role="textbox"]');
      if (!found) throw new Error('the answer has no editor yet');
      return found;
    },
    { timeout: 20_000 },
  );
  // The answer's own field: queries inside it are quick.
  const field = within(text.closest<HTMLElement>('.form-group') ?? document.body);
  expect(field.getByRole('textbox', { name: 'Point 1' })).toBe(text);
  const toolbar = field.getByRole('toolbar', { name: 'Formatting of Point 1' });
  /** The answer as the draft holds it, once saved. */
  const saved = () => getAt(api.writes.at(-1)?.content ?? iacst, FIRST_ANSWER);
  return { user, api, text, field, toolbar, saved };
}

/** A paste of `html` into the editor, as a browser sends it. */
function paste(target: HTMLElement, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const data = { 'text/html': html, 'text/plain': html.replace(/<[^>]*>/g, '') } as Record<string, string>;
  Object.defineProperty(event, 'clipboardData', {
    value: { types: Object.keys(data), getData: (type: string) => data[type] ?? '' },
  });
  fireEvent(target, event);
}

describe('a text shown as HTML is edited as formatted text', () => {
  it('is marked by its schema alone: the dashboard FAQ answers, not the landing FAQ answers', () => {
    const programme = uiSchemaFor('programme') as { dashboard: { faq: { items: { points: Json } } } };
    expect(programme.dashboard.faq.items.points).toEqual({ items: { 'ui:widget': 'rich-text' } });
    expect(JSON.stringify(uiSchemaFor('landing'))).not.toContain('rich-text');
  });

  it('has a toolbar of named buttons with their state, one tab stop, arrow keys between them', async () => {
    const { user, text, toolbar } = await openFaq();
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link', 'Undo', 'Redo']);
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    // Nothing to undo yet: it says so, and stays in the toolbar's keys (a toolbar's way).
    expect(within(toolbar).getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBe('true');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([bold]);
    bold.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Italic' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Redo' }));
    expect(text.getAttribute('aria-describedby')).toContain(`${text.id}__pasted`);
    expect(await seriousViolations(text.closest('.form-group') ?? text)).toEqual([]);
  });

  it('makes the chosen words bold with the button: <strong> in the draft, the button pressed', async () => {
    const { user, text, toolbar, saved } = await openFaq();
    text.focus();
    await user.keyboard('{Control>}a{/Control}');
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    await user.click(bold);
    await waitFor(() => expect(saved()).toBe('<strong>On the exam date you chose.</strong>'));
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() =>
      expect(within(toolbar).getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBeNull(),
    );

    await user.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() =>
      expect(saved()).toBe('<ul><li><strong>On the exam date you chose.</strong></li></ul>'),
    );
    await waitFor(() =>
      expect(
        within(toolbar).getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('keeps only what the rule keeps of a paste, and says in words what it removed', async () => {
    const opened = await openFaq();
    const { text, saved } = opened;
    text.focus();
    paste(
      text,
      '<meta charset="utf-8"><p>Call <img src="x" onerror="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">us</a> <b onclick="steal()">today</b></p>',
    );
    const { field } = opened;
    const note = await field.findByText(
      'Removed from what you pasted: a script, an image, hidden code run on a click or as the page loads, a link to an address that is not allowed.',
    );
    expect(note.id).toBe(`${text.id}__pasted`);
    await waitFor(() => expect(saved()).toMatch(/Call/));
    const value = String(saved());
    expect(value).not.toMatch(/<img|<script|onerror|onclick|javascript:|alert/);
    expect(value).toBe(createSanitizer(window)(value));
    expect(value).toContain('<strong>today</strong>');

    // A paste that loses nothing clears the note.
    paste(text, '<p><em>Soon</em></p>');
    await waitFor(() => expect(note.textContent).toBe(''));
    await waitFor(() => expect(saved()).toContain('<em>Soon</em>'));
  });

  it('says what of an answer it cannot show (a video), and leaves the answer as it is', async () => {
    const answer = '<video src="/media/how-to.mp4" controls=""></video>Watch how to start.';
    const { text, api, field } = await openFaq(withAnswer(answer));
    const note = field.getByText(/^This answer has a video that this editor cannot show\./);
    expect(text.getAttribute('aria-describedby')).toContain(note.id);
    expect(text.textContent).toBe('Watch how to start.');
    expect(api.writes).toEqual([]);
  });

  it('asks a link its address, refuses one the rule refuses, and adds one it keeps', async () => {
    const { user, text, field, toolbar, saved } = await openFaq();
    text.focus();
    await user.keyboard('{Control>}a{/Control}');
    const link = within(toolbar).getByRole('button', { name: 'Link' });
    await user.click(link);
    const address = field.getByRole('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(field.getByRole('button', { name: 'Add link' }));
    const problem = field.getByText(/This address cannot be used\. Start it with https:\/\//);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toContain(problem.id);
    expect(unchanged(saved())).toBe(true);

    await user.clear(address);
    await user.type(address, '/iacstexam{Enter}');
    await waitFor(() => expect(saved()).toBe('<a href="/iacstexam">On the exam date you chose.</a>'));
    expect(field.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    await waitFor(() => expect(link.getAttribute('aria-pressed')).toBe('true'));
  });
});

/** The first answer as the config has it (nothing saved yet, or saved as it was). */
function unchanged(value: Json | undefined): boolean {
  return value === 'On the exam date you chose.';
}
