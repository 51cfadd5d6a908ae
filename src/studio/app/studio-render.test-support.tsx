// The Studio rendered at a route for a signed-in person of a role, over a fake API: the review
// screens' component tests share it.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Staff } from './account-api';
import { StaffContext } from './signed-in';
import { FAKE_AUTHOR, type FakeStudioApi } from './studio-api.test-support';
import { StudioApp } from './studio-app';

/** The fake's author (FAKE_AUTHOR) signed in with `role`. */
export const staffOf = (role: Staff['role']): Staff => ({
  id: FAKE_AUTHOR.id,
  email: 'me@example.com',
  name: FAKE_AUTHOR.name,
  role,
  disabled: false,
  second_factor: true,
  created_at: '2026-12-01T09:00:00.000Z',
});

export function renderStudioAs(api: FakeStudioApi, role: Staff['role'], route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <StaffContext.Provider value={staffOf(role)}>
        <StudioApp api={api} />
      </StaffContext.Provider>
    </MemoryRouter>,
  );
}
