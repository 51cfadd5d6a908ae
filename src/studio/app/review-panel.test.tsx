// @vitest-environment jsdom
// Above the editor's form: the other versions of the page in progress, in words, and the way to
// the Inbox (where a publisher approves and publishes them: inbox-page.test.tsx) and to the page's
// history. Nobody approves or publishes from the editor; a person's own draft is not listed.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from './account-api';
import { REVIEW_LINE_REFRESH_MS } from './review-panel';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import { renderStudioAs } from './studio-render.test-support';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';

function renderAs(role: Staff['role']) {
  const api = createFakeStudioApi({ [FILE]: fakeLanding() });
  api.addVersion(FILE, fakeLanding({ title: 'Their new title' }), {
    state: 'review',
    authorId: 'staff-ravi',
    authorName: 'Ravi Kumar',
    note: 'Title for 2027',
  });
  api.addVersion(FILE, fakeLanding({ title: 'My own' }), { state: 'review' });
  api.addVersion(FILE, fakeLanding({ title: 'My draft' }), { state: 'draft' });
  renderStudioAs(api, role, `/edit/${FILE}`);
  return api;
}

describe('the review line above the editor', () => {
  it('tells a publisher what is in progress and leads to the Inbox, where they approve and publish', async () => {
    const user = userEvent.setup();
    renderAs('publisher');
    const line = await screen.findByRole('navigation', { name: 'Review and history of this page' });
    await within(line).findByText(/In progress:/);
    expect(line.textContent).toContain(
      'In progress: version 2 by you (in review); version 1 by Ravi Kumar (in review).',
    );
    expect(line.textContent).not.toMatch(/version 3/);
    expect(screen.queryByRole('button', { name: /approve|publish/i })).toBeNull();
    expect(within(line).getByRole('link', { name: 'History of this page' }).getAttribute('href')).toBe(
      `/history/${FILE}`,
    );
    await user.click(within(line).getByRole('link', { name: 'Inbox: approve, publish, schedule' }));
    const ravi = (await screen.findAllByRole('article')).find((a) => a.textContent?.includes('Ravi Kumar'));
    expect(ravi && within(ravi).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('names a colleague who starts a draft of the page after it was opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = renderAs('editor');
      const line = await screen.findByRole('navigation', { name: 'Review and history of this page' });
      await within(line).findByText(/In progress:/);
      expect(line.textContent).not.toContain('Asha Rao');
      api.addVersion(FILE, fakeLanding({ title: 'Asha’s title' }), {
        state: 'draft',
        authorId: 'staff-asha',
        authorName: 'Asha Rao',
      });
      await vi.advanceTimersByTimeAsync(REVIEW_LINE_REFRESH_MS);
      await within(line).findByText(/version 4 by Asha Rao \(draft\)/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leads an editor to their own changes in review, with no publisher’s buttons', async () => {
    renderAs('editor');
    await screen.findByRole('button', { name: 'Submit for review' });
    const line = screen.getByRole('navigation', { name: 'Review and history of this page' });
    expect(within(line).getByRole('link', { name: 'Your changes in review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /approve/i })).toBeNull();
  });
});
