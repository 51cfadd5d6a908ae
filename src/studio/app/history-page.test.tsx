// @vitest-environment jsdom
// A document's History: every version newest first with its state in words, author, India time,
// note and reviewer (drafts never published folded away); any two compared; and by role: roll
// back (publisher: to review, or restored now), take the live page off the site (publisher, with
// what students will see), discard a draft (its author), a preview link with its expiry; the
// server's refusals shown in the dialog, focused.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { StudioApiError } from './studio-api';
import { createFakeStudioApi, fakeLanding, type FakeStudioApi } from './studio-api.test-support';
import { renderStudioAs } from './studio-render.test-support';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/mock-neet.json';
const ROUTE = `/history/${FILE}`;
const page = (title: string) => fakeLanding({ paths: ['/mock-neet-exam'], variantKey: 'mock', title });

/** v1 published then replaced by v3; v2 a draft replaced as someone typed; v4 live; v5 my draft; v6 Ravi's draft. */
function history(): FakeStudioApi {
  const api = createFakeStudioApi({ [FILE]: page('Mock NEET') });
  const at = (day: number) => `2026-03-0${day}T08:35:00.000Z`;
  api.addVersion(FILE, page('Mock NEET'), {
    state: 'published',
    authorId: 'seed',
    authorName: 'config/ files',
    createdAt: at(1),
    publishedAt: at(1),
  });
  api.addVersion(FILE, page('Mock NEET, half typed'), { state: 'archived', createdAt: at(2) });
  api.addVersion(FILE, page('Mock NEET 2027'), {
    state: 'published',
    authorId: 'staff-esha',
    authorName: 'Esha',
    createdAt: at(3),
    note: 'New year',
    reviewedBy: 'Pia',
    publishedAt: at(3),
  });
  return api;
}

const card = (number: number) => screen.findByRole('article', { name: new RegExp(`^Version ${number} ·`) });

describe('the history of a page', () => {
  it('lists every version newest first, in words, with the drafts never published folded away', async () => {
    const user = userEvent.setup();
    const api = history();
    api.addVersion(FILE, page('Mine'), { state: 'draft', createdAt: '2026-03-04T08:35:00.000Z' });
    const { container } = renderStudioAs(api, 'editor', ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'History: Mock NEET 2027' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    const headings = () =>
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(headings()).toEqual(['Version 4 · Draft', 'Version 3 · Live now', 'Version 1 · Earlier version']);
    const live = await card(3);
    expect(live.textContent).toContain('By Esha, 3 Mar 2026 (Tuesday), 02:05 PM · Reviewed by Pia');
    expect(live.textContent).toContain('Note: “New year”');
    await user.click(screen.getByRole('button', { name: 'Show the draft that was never published' }));
    expect(headings()).toContain('Version 2 · Never published');
    expect(container.textContent).not.toMatch(/\.json|\d{4}-\d\d-\d\dT/);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('compares any two versions: what changes for students, in words', async () => {
    const user = userEvent.setup();
    renderStudioAs(history(), 'editor', ROUTE);
    const compare = await screen.findByRole('region', { name: 'Compare two versions' });
    await user.selectOptions(within(compare).getByLabelText('From'), '1');
    await user.selectOptions(within(compare).getByLabelText('To'), '3');
    await user.click(within(compare).getByRole('button', { name: 'Show what changes' }));
    await within(compare).findByRole('heading', {
      name: 'What changes for students from version 1 to version 3',
    });
    expect(compare.textContent).toMatch(/Text changed.*Mock NEET.*Mock NEET 2027/);
    await user.selectOptions(within(compare).getByLabelText('To'), '1');
    expect(within(compare).getByRole('button', { name: 'Show what changes' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('lets a publisher restore an earlier version now, after saying what changes for students', async () => {
    const user = userEvent.setup();
    const api = history();
    renderStudioAs(api, 'publisher', ROUTE);
    await user.click(within(await card(1)).getByRole('button', { name: 'Roll back to this version…' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back to version 1?' });
    await within(dialog).findByRole('heading', { name: 'What changes for students, from version 3' });
    expect(dialog.textContent).toMatch(/Mock NEET 2027.*Mock NEET/);
    await user.click(within(dialog).getByRole('button', { name: 'Restore now' }));
    await waitFor(() => expect(api.files.get(FILE)).toMatchObject({ title: 'Mock NEET' }));
    expect(api.calls.at(-1)).toEqual({
      action: 'rollback',
      request: { path: FILE, to: 1, restoreNow: true },
    });
    expect(await screen.findByRole('heading', { name: 'Version 4 · Live now' })).toBeTruthy();
    const back = await card(1);
    await waitFor(() => expect(document.activeElement).toBe(within(back).getByRole('heading', { level: 3 })));
    expect(within(back).getByRole('status').textContent).toBe('Version 1 is restored: students see it now.');
  });

  it('sends a rollback to review; a refusal is the server’s sentence in the dialog, focused', async () => {
    const user = userEvent.setup();
    const api = history();
    api.refuseNext(
      'rollback',
      new StudioApiError(
        409,
        'changed',
        'Someone published another version of this page since this one was made.',
      ),
    );
    renderStudioAs(api, 'publisher', ROUTE);
    await user.click(within(await card(1)).getByRole('button', { name: 'Roll back to this version…' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back to version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to review' }));
    const alert = await within(dialog).findByText(/Someone published another version/);
    expect(document.activeElement).toBe(alert.closest('[role="alert"]'));
    await user.click(within(dialog).getByRole('button', { name: 'Send to review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Version 4 · In review' })).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({
      action: 'rollback',
      request: { path: FILE, to: 1, restoreNow: false },
    });
  });

  it('takes the live page off the site after saying what students will see', async () => {
    const user = userEvent.setup();
    const api = history();
    renderStudioAs(api, 'publisher', ROUTE);
    await user.click(within(await card(3)).getByRole('button', { name: 'Take off the site…' }));
    const dialog = screen.getByRole('dialog', { name: 'Take this page off the site?' });
    expect(dialog.textContent).toContain('students who open /mock-neet-exam see “page not found”');
    await user.click(within(dialog).getByRole('button', { name: 'Take it off the site' }));
    await waitFor(() => expect(api.publishedOf.get(FILE)).toBeNull());
    expect(
      await screen.findByText(/This page is not on the site now: its addresses show “page not found”/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Version 3 · Earlier version' })).toBeTruthy();
  });

  it('lets an editor discard their own draft (confirmed) but not roll back, unpublish or discard another’s', async () => {
    const user = userEvent.setup();
    const api = history();
    api.addVersion(FILE, page('Ravi’s'), { state: 'draft', authorId: 'staff-ravi', authorName: 'Ravi' });
    api.addVersion(FILE, page('Mine'), { state: 'draft' });
    renderStudioAs(api, 'editor', ROUTE);
    await card(5);
    for (const name of ['Roll back to this version…', 'Take off the site…'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(within(await card(4)).queryByRole('button', { name: 'Discard this draft…' })).toBeNull();
    await user.click(within(await card(5)).getByRole('button', { name: 'Discard this draft…' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard draft version 5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.calls).toEqual([]);
    await user.click(within(await card(5)).getByRole('button', { name: 'Discard this draft…' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard draft version 5?' })).getByRole('button', {
        name: 'Discard the draft',
      }),
    );
    await waitFor(() => expect(api.versionsOf.get(FILE)?.[4]?.state).toBe('archived'));
    expect(await screen.findByText('The draft is discarded.')).toBeTruthy();
  });

  it('makes a preview link of any version, with a Copy button and its expiry in India time', async () => {
    const user = userEvent.setup();
    const api = history();
    renderStudioAs(api, 'editor', ROUTE);
    const live = await card(3);
    await user.click(within(live).getByRole('button', { name: 'Make a preview link' }));
    const link = await within(live).findByLabelText('Preview link');
    expect((link as HTMLInputElement).value).toMatch(/^http:\/\/localhost(:\d+)?\/studio\/preview\/token-1$/);
    expect(document.activeElement).toBe(link);
    expect(live.textContent).toContain('until 4 Mar 2026 (Wednesday), 03:30 PM (India time)');
    await user.click(within(live).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe((link as HTMLInputElement).value);
    expect(within(live).getByText('Link copied.')).toBeTruthy();
    expect(api.calls).toEqual([{ action: 'previewLink', request: { path: FILE, number: 3 } }]);
  });
});
