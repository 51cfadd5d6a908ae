// @vitest-environment jsdom
// The Inbox: each version waiting with its page's name, author, India time, note and what changes
// for students (money flagged); the actions by state and role (approve, send back with a required
// comment, publish now, schedule in India time (+05:30 whatever this computer's zone), withdraw a
// schedule); a money change not offered to its own author to approve, with the reason; the
// server's refusals in an alert by the version, focused.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { linkedError, seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { MONEY_NEEDS_ANOTHER } from './inbox-item';
import { StudioApiError } from './studio-api';
import { createFakeStudioApi, FAKE_AUTHOR, fakeLanding } from './studio-api.test-support';
import { renderStudioAs } from './studio-render.test-support';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';
const MOCK = 'landings/mock-neet.json';
const RAVI = { authorId: 'staff-ravi', authorName: 'Ravi Kumar' };
const TITLE_CHANGE = {
  kind: 'text' as const,
  pointer: '/title',
  label: 'Page title',
  before: 'NEET repeater scholarship',
  after: 'NEET 2027 scholarship',
};
const FEE_CHANGE = {
  kind: 'money' as const,
  pointer: '/fee',
  label: 'Fee',
  before: '₹499',
  after: '₹599',
  money: true,
};

function inbox() {
  const api = createFakeStudioApi({
    [FILE]: fakeLanding(),
    [MOCK]: fakeLanding({ paths: ['/mock-neet-exam'], variantKey: 'mock', title: 'Mock NEET test series' }),
  });
  for (const path of [FILE, MOCK])
    api.addVersion(path, api.files.get(path) ?? null, {
      state: 'published',
      authorId: 'seed',
      authorName: 'config/ files',
      publishedAt: '2026-03-01T09:30:00.000Z',
    });
  // 08:35 UTC is 14:05 in India.
  api.addVersion(FILE, fakeLanding({ title: 'NEET 2027 scholarship' }), {
    ...RAVI,
    state: 'review',
    note: 'Title for 2027',
    createdAt: '2026-03-02T08:35:00.000Z',
    changes: [TITLE_CHANGE],
  });
  api.addVersion(FILE, fakeLanding({ title: 'Mine, with a new fee' }), {
    state: 'review',
    createdAt: '2026-03-02T09:00:00.000Z',
    changes: [FEE_CHANGE],
    touchesMoney: true,
  });
  api.addVersion(
    MOCK,
    fakeLanding({ paths: ['/mock-neet-exam'], variantKey: 'mock', title: 'Mock NEET, new' }),
    {
      ...RAVI,
      state: 'approved',
      reviewedBy: 'Pia Publisher',
      createdAt: '2026-03-01T12:00:00.000Z',
    },
  );
  return api;
}

/** A version's card, by its page's title and its number. */
async function item(title: RegExp, number: number): Promise<HTMLElement> {
  const found = (await screen.findAllByRole('article', { name: title })).find((a) =>
    a.textContent?.includes(`Version ${number} by`),
  );
  if (!found) throw new Error(`version ${number} is not listed`);
  return found;
}
const section = (name: RegExp) => screen.getByRole('region', { name });

describe('the Inbox, for a publisher', () => {
  it('shows each version with its page, author, India time, note and what changes; money flagged', async () => {
    const { container } = renderStudioAs(inbox(), 'publisher', '/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
    const ravi = await item(/NEET repeater scholarship/, 2);
    expect(ravi.textContent).toContain('Version 2 by Ravi Kumar, 2 Mar 2026 (Monday), 02:05 PM · In review');
    expect(ravi.textContent).toContain('/neet-repeater');
    expect(ravi.textContent).toContain('Note: “Title for 2027”');
    expect(ravi.textContent).toMatch(
      /Text changed Page title.*NEET repeater scholarship.*NEET 2027 scholarship/,
    );
    expect(within(section(/Waiting for review \(2\)/)).getAllByRole('article')).toHaveLength(2);
    expect(within(section(/Approved, not published yet \(1\)/)).getByRole('article').textContent).toContain(
      'Approved by Pia Publisher.',
    );
    // No file names, no ISO dates.
    expect(container.textContent).not.toMatch(/\.json|\d{4}-\d\d-\d\dT/);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('does not offer its own author a money change to approve, and says why', async () => {
    renderStudioAs(inbox(), 'publisher', '/inbox');
    const own = await item(/NEET repeater scholarship/, 3);
    expect(own.textContent).toContain('Changes money');
    expect(within(own).getByRole('heading', { name: 'Money students pay' })).toBeTruthy();
    expect(own.textContent).toContain(MONEY_NEEDS_ANOTHER);
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Send back…' })).toBeTruthy();
  });

  it('approves, then publishes now: the version moves on and the focus follows it', async () => {
    const user = userEvent.setup();
    const api = inbox();
    renderStudioAs(api, 'publisher', '/inbox');
    const ravi = await item(/NEET repeater scholarship/, 2);
    await user.click(within(ravi).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(within(section(/Approved, not published yet \(2\)/)).getAllByRole('article')).toHaveLength(2),
    );
    const approved = await item(/NEET repeater scholarship/, 2);
    expect(within(approved).getByRole('status').textContent).toBe('Approved: publish it now or schedule it.');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(approved).getByRole('heading', { level: 3 })),
    );

    await user.click(within(approved).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(api.files.get(FILE)).toMatchObject({ title: 'NEET 2027 scholarship' }));
    // It left the Inbox: the sentence says what happened, and has the focus.
    const said = await screen.findByText(
      'NEET repeater scholarship, version 2: Published: students see it now.',
    );
    expect(document.activeElement).toBe(said);
  });

  it('sends back only with a comment, linked to its box', async () => {
    const user = userEvent.setup();
    const api = inbox();
    renderStudioAs(api, 'publisher', '/inbox');
    const ravi = await item(/NEET repeater scholarship/, 2);
    await user.click(within(ravi).getByRole('button', { name: 'Send back…' }));
    let comment = within(ravi).getByLabelText('Comment for Ravi Kumar (required)');
    expect(document.activeElement).toBe(comment);
    // Cancelled: the focus goes back to the button; opened again.
    await user.click(within(ravi).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(ravi).getByRole('button', { name: 'Send back…' }));
    await user.click(within(ravi).getByRole('button', { name: 'Send back…' }));
    comment = within(ravi).getByLabelText('Comment for Ravi Kumar (required)');
    await user.click(within(ravi).getByRole('button', { name: 'Send back' }));
    expect(linkedError(comment)).toBe('Write a comment: Ravi Kumar needs to know what to change.');
    expect(api.calls).toEqual([]);
    await user.type(comment, 'Say which year');
    await user.click(within(ravi).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(within(section(/Sent back to their authors/)).getByRole('article').textContent).toContain(
        'Comment from Test Publisher: “Say which year”',
      ),
    );
    expect(api.calls).toEqual([
      { action: 'sendBack', request: { path: FILE, number: 2, comment: 'Say which year' } },
    ]);
  });

  // In another zone than India's too: src/studio/model/version-words.test.ts runs the same rule in New York.
  it('schedules in India time: the ISO sent is the wall time typed, +05:30, and shown again as typed', async () => {
    const user = userEvent.setup();
    const api = inbox();
    renderStudioAs(api, 'publisher', '/inbox');
    const mock = await item(/Mock NEET test series/, 2);
    await user.click(within(mock).getByRole('button', { name: 'Schedule…' }));
    const form = within(mock).getByRole('form', { name: 'Schedule' });
    const start = within(form).getByRole('group', { name: 'Goes live on' });
    const end = within(form).getByRole('group', { name: 'Ends on (optional)' });
    expect(end.textContent).toContain('it does not go back to the version students see today');
    fireEvent.change(within(start).getByLabelText('Date'), { target: { value: '2030-01-15' } });
    fireEvent.change(within(start).getByLabelText('Time'), { target: { value: '09:00' } });
    fireEvent.change(within(end).getByLabelText('Date'), { target: { value: '2030-01-15' } });
    fireEvent.change(within(end).getByLabelText('Time'), { target: { value: '08:00' } });
    // What was typed, in words, whatever order the date box shows day and month in.
    expect(start.textContent).toContain('That is 15 Jan 2030 (Tuesday), 09:00 AM, India time.');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    // An end before the start: said at the end's fields, which take the focus; nothing sent.
    const endDate = within(end).getByLabelText('Date');
    expect(linkedError(endDate)).toBe('The end must come after the time it goes live.');
    expect(document.activeElement).toBe(endDate);
    expect(api.calls).toEqual([]);

    fireEvent.change(within(end).getByLabelText('Time'), { target: { value: '21:30' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toEqual({
      action: 'schedule',
      request: {
        path: MOCK,
        number: 2,
        publishAt: '2030-01-15T09:00:00+05:30',
        unpublishAt: '2030-01-15T21:30:00+05:30',
      },
    });
    // The fake keeps it as the server does (UTC): shown again as the India time typed.
    const scheduled = await within(await screen.findByRole('region', { name: /Scheduled \(1\)/ })).findByRole(
      'article',
    );
    expect(scheduled.textContent).toContain(
      'Goes live on 15 Jan 2030 (Tuesday), 09:00 AM (India time) and ends on 15 Jan 2030 (Tuesday), 09:30 PM.',
    );
    expect(scheduled.textContent).toContain(
      'Scheduled: it goes live on 15 Jan 2030 (Tuesday), 09:00 AM (India time).',
    );
  });

  it('refuses a time that has passed at its fields', async () => {
    const user = userEvent.setup();
    renderStudioAs(inbox(), 'publisher', '/inbox');
    const mock = await item(/Mock NEET test series/, 2);
    await user.click(within(mock).getByRole('button', { name: 'Schedule…' }));
    const start = within(mock).getByRole('group', { name: 'Goes live on' });
    fireEvent.change(within(start).getByLabelText('Date'), { target: { value: '2020-01-15' } });
    await user.click(within(mock).getByRole('button', { name: 'Schedule' }));
    expect(linkedError(within(start).getByLabelText('Time'))).toBe(
      'That time has passed: choose a later time, or use Publish now.',
    );
  });

  it('publishes a scheduled version now, or withdraws its schedule', async () => {
    const user = userEvent.setup();
    const api = inbox();
    await api.schedule({ path: MOCK, number: 2, publishAt: '2030-01-15T09:00:00+05:30' });
    renderStudioAs(api, 'publisher', '/inbox');
    const scheduled = await item(/Mock NEET test series/, 2);
    expect(scheduled.textContent).toContain('Scheduled for 15 Jan 2030 (Tuesday), 09:00 AM');
    expect(scheduled.textContent).toContain('with no end.');
    await user.click(within(scheduled).getByRole('button', { name: 'Withdraw the schedule' }));
    await waitFor(() =>
      expect(within(section(/Approved, not published yet \(1\)/)).getByRole('article').textContent).toContain(
        'The schedule is withdrawn',
      ),
    );
    expect(api.versionsOf.get(MOCK)?.[1]).toMatchObject({ state: 'approved', publishAt: null });
    await api.schedule({ path: MOCK, number: 2, publishAt: '2030-01-15T09:00:00+05:30' });
    cleanup();
    renderStudioAs(api, 'publisher', '/inbox');
    await user.click(
      within(await item(/Mock NEET test series/, 2)).getByRole('button', { name: 'Publish now' }),
    );
    await waitFor(() => expect(api.publishedOf.get(MOCK)).toBe(2));
  });

  it.each([
    [
      409,
      'changed',
      'Someone published another version of this page since this one was made: compare the two and make a new version.',
    ],
    [403, 'forbidden', 'This needs the publisher role; your account is an editor.'],
  ])(
    "shows a %i as the server's sentence by the version, and moves the focus to it",
    async (status, code, msg) => {
      const user = userEvent.setup();
      const api = inbox();
      api.refuseNext('publishNow', new StudioApiError(status, code, msg));
      renderStudioAs(api, 'publisher', '/inbox');
      const mock = await item(/Mock NEET test series/, 2);
      await user.click(within(mock).getByRole('button', { name: 'Publish now' }));
      const alert = await within(mock).findByRole('alert');
      await waitFor(() => expect(alert.textContent).toContain(msg));
      expect(document.activeElement).toBe(alert);
      expect(Boolean(within(alert).queryByRole('link', { name: /Compare the versions/ }))).toBe(
        status === 409,
      );
      expect(api.publishedOf.get(MOCK)).toBe(1);
    },
  );
});

describe('the Inbox, for an editor', () => {
  it("lists only their own versions, with no publisher's actions; a version sent back shows its comment", async () => {
    const api = inbox();
    api.addVersion(MOCK, fakeLanding({ title: 'Mine, sent back' }), {
      state: 'draft',
      note: 'Too long',
      reviewedBy: 'Pia Publisher',
      createdAt: '2026-03-03T09:00:00.000Z',
    });
    const { container } = renderStudioAs(api, 'editor', '/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your changes in review' })).toBeTruthy();
    await screen.findByText(/Comment from Pia Publisher: “Too long”/);
    const items = screen.getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items.every((a) => a.textContent?.includes(FAKE_AUTHOR.name))).toBe(true);
    for (const name of ['Approve', 'Send back…', 'Publish now', 'Schedule…'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByText('Waiting for a publisher.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the page in the editor' }).getAttribute('href')).toBe(
      `/edit/${MOCK}`,
    );
    expect(await seriousViolations(container)).toEqual([]);
  });
});
