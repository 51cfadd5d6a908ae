// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import type { Staff } from './account-api';
import { ACTIVITY_PAGE } from './activity-page';
import { StaffContext } from './signed-in';
import { ADMIN, EDITOR, entry } from './staff-api.test-support';
import { createFakeStudioApi, fakeLanding, type FakeStudioApi } from './studio-api.test-support';
import { StudioApp } from './studio-app';
import { StudioApiError } from './studio-api';

afterEach(() => cleanup());

function renderActivity(api: FakeStudioApi, who: Staff = { ...ADMIN, role: 'publisher' }) {
  return render(
    <MemoryRouter initialEntries={['/activity']}>
      <StaffContext.Provider value={who}>
        <StudioApp api={api} />
      </StaffContext.Provider>
    </MemoryRouter>,
  );
}

/** A log of `n` sign-ins (ids 1…n), then the entries given. */
function withLog(n: number, ...more: Parameters<typeof entry>[0][]) {
  const api = createFakeStudioApi({ 'landings/neet-repeater.json': fakeLanding() });
  for (let id = 1; id <= n; id++)
    api.people.log.push(
      entry({ id, action: 'sign-in.success', at: `2026-12-0${1 + (id % 5)}T0${id % 10}:00:00.000Z` }),
    );
  for (const e of more) api.people.log.push(entry(e));
  return api;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Activity, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('Activity', () => {
  it('shows each entry in words: when in India time, who, what, the pages and versions, the address', async () => {
    const api = withLog(
      0,
      {
        id: 1,
        action: 'sign-in.wrong-password',
        actor_id: null,
        actor_email: null,
        actor_name: null,
        ip: '203.0.113.9',
        details: { email: 'esha@example.com' },
      },
      {
        id: 2,
        action: 'config.published',
        at: '2026-12-05T08:35:00.000Z',
        versions: [
          { path: 'landings/neet-repeater.json', number: 4 },
          { path: 'coupons/save10.json', number: 2 },
        ],
      },
      {
        id: 3,
        action: 'staff.changed',
        details: { email: 'esha@example.com', role: { from: 'editor', to: 'publisher' } },
      },
    );
    const { container } = renderActivity(api);
    await screen.findByRole('table', { name: 'Activity, newest first' });
    const [changed, published, refused] = rows().map((r) => within(r));
    expect(changed?.getByText('Changed a role')).toBeTruthy();
    expect(changed?.getByText('esha@example.com: Editor → Publisher.')).toBeTruthy();
    expect(published?.getByRole('rowheader').textContent).toBe('5 Dec 2026 (Saturday), 02:05 PM');
    expect(published?.getByText('Asha Rao')).toBeTruthy();
    expect(published?.getByText('Published')).toBeTruthy();
    expect(
      published?.getByText('The page “NEET repeater scholarship” (/neet-repeater), version 4'),
    ).toBeTruthy();
    expect(published?.getByText('The coupon SAVE10, version 2')).toBeTruthy();
    expect(refused?.getByText('Someone not signed in')).toBeTruthy();
    expect(refused?.getByText('Sign-in refused: wrong e-mail address or password')).toBeTruthy();
    expect(refused?.getByText('For esha@example.com.')).toBeTruthy();
    expect(refused?.getByText('203.0.113.9')).toBeTruthy();
    expect(container.textContent).not.toMatch(/landings\/|\.json|config\.|sign-in\./);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('pages with "Show older", moving the focus to the first older entry, until everything is shown', async () => {
    const user = userEvent.setup();
    const api = withLog(ACTIVITY_PAGE + 7);
    renderActivity(api);
    await screen.findByRole('table');
    expect(rows()).toHaveLength(ACTIVITY_PAGE);
    expect(screen.getByRole('status').textContent).toBe(`${ACTIVITY_PAGE} entries, newest first.`);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(rows()).toHaveLength(ACTIVITY_PAGE + 7));
    const firstOlder = rows()[ACTIVITY_PAGE]?.querySelector('th');
    await waitFor(() => expect(document.activeElement).toBe(firstOlder));
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/that is everything/);
    expect(api.people.queries.map((q) => q.before)).toEqual([undefined, String(8)]);
  });

  it('filters by a kind of action named in words, from the newest again', async () => {
    const user = userEvent.setup();
    const api = withLog(3, {
      id: 4,
      action: 'staff.created',
      details: { email: 'r@example.com', role: 'editor' },
    });
    renderActivity(api);
    await screen.findByRole('table');
    expect(rows()).toHaveLength(4);
    const kind = screen.getByLabelText('Show');
    expect(within(kind).getByRole('group', { name: 'People' })).toBeTruthy();
    await user.selectOptions(kind, 'Added a person');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText('r@example.com as Editor.')).toBeTruthy();
    expect(api.people.queries.at(-1)).toEqual({ action: 'staff.created', limit: ACTIVITY_PAGE });
    await user.selectOptions(kind, 'Signed out');
    expect(await screen.findByText('Nothing of the kind “Signed out” yet.')).toBeTruthy();
  });

  it('says a refusal as the server words it, and is not for editors', async () => {
    const api = withLog(1);
    vi.spyOn(api, 'activity').mockRejectedValueOnce(
      new StudioApiError(403, 'failed', 'This needs the publisher role; your account is an editor.'),
    );
    renderActivity(api);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The activity could not be read: This needs the publisher role; your account is an editor.',
    );
    cleanup();
    const read = vi.spyOn(api, 'activity');
    read.mockClear();
    renderActivity(api, EDITOR);
    expect(await screen.findByText(/Only publishers and admins/)).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });
});
