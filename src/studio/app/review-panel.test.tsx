// @vitest-environment jsdom
// A publisher approves and publishes a version someone else submitted; an editor sees no such
// buttons, and nobody is offered their own version.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Staff } from './account-api';
import { StaffContext } from './signed-in';
import { createFakeStudioApi, FAKE_AUTHOR, fakeLanding } from './studio-api.test-support';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';
const staffOf = (role: Staff['role']): Staff => ({
  id: FAKE_AUTHOR.id,
  email: 'me@example.com',
  name: FAKE_AUTHOR.name,
  role,
  disabled: false,
  second_factor: true,
  created_at: '2026-12-01T09:00:00.000Z',
});

function renderAs(role: Staff['role']) {
  const api = createFakeStudioApi({ [FILE]: fakeLanding() });
  api.addVersion(FILE, fakeLanding({ title: 'Their new title' }), {
    state: 'review',
    authorId: 'staff-ravi',
    authorName: 'Ravi Kumar',
    note: 'Title for 2027',
  });
  api.addVersion(FILE, fakeLanding({ title: 'My own' }), { state: 'review' });
  render(
    <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
      <StaffContext.Provider value={staffOf(role)}>
        <StudioApp api={api} />
      </StaffContext.Provider>
    </MemoryRouter>,
  );
  return api;
}

describe('the review buttons', () => {
  it("let a publisher approve, then publish now, someone else's version", async () => {
    const user = userEvent.setup();
    const api = renderAs('publisher');
    const panel = await screen.findByRole('region', { name: 'Waiting for a publisher' });
    expect(panel.textContent).toMatch(
      /Version 1 by Ravi Kumar, submitted for review\. Note: “Title for 2027”/,
    );
    expect(panel.textContent).not.toMatch(/Version 2/);
    await user.click(within(panel).getByRole('button', { name: 'Approve version 1' }));
    await user.click(await within(panel).findByRole('button', { name: 'Publish version 1 now' }));
    await waitFor(() => expect(api.files.get(FILE)).toMatchObject({ title: 'Their new title' }));
    expect(await screen.findByText('Version 1 is published: students see it now.')).toBeTruthy();
  });

  it('are not there for an editor', async () => {
    renderAs('editor');
    await screen.findByRole('button', { name: 'Submit for review' });
    expect(screen.queryByRole('region', { name: 'Waiting for a publisher' })).toBeNull();
    expect(screen.queryByRole('button', { name: /approve/i })).toBeNull();
  });
});
