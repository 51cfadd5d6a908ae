// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkedError, seriousViolations } from '../../../tests/fixtures/a11y-dom';
import type { Staff } from './account-api';
import { StaffContext } from './signed-in';
import { ADMIN, EDITOR, EMAIL_TAKEN, FAKE_PASSWORD, LAST_ADMIN } from './staff-api.test-support';
import { createFakeStudioApi, type FakeStudioApi } from './studio-api.test-support';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPeople(who: Staff = ADMIN, api: FakeStudioApi = createFakeStudioApi({})) {
  const view = render(
    <MemoryRouter initialEntries={['/people']}>
      <StaffContext.Provider value={who}>
        <StudioApp api={api} />
      </StaffContext.Provider>
    </MemoryRouter>,
  );
  return { api, ...view };
}

const table = () => screen.findByRole('table', { name: 'People who can use the Studio' });
const rowOf = async (name: string) => {
  const cell = within(await table()).getByRole('rowheader', { name: new RegExp(`^${name}`) });
  return within(cell.closest('tr') as HTMLElement);
};

describe('People', () => {
  it('lists each person: role in words, authenticator app, account, last sign-in in India time', async () => {
    const { container } = renderPeople();
    const asha = await rowOf('Asha Rao');
    expect(asha.getByText('(you)')).toBeTruthy();
    expect(asha.getByText('Admin')).toBeTruthy();
    expect(asha.getByText('Set up')).toBeTruthy();
    expect(asha.getByText('Active')).toBeTruthy();
    expect(asha.getByText('5 Dec 2026 (Saturday), 02:05 PM')).toBeTruthy();
    const esha = await rowOf('Esha Iyer');
    expect(esha.getByText('Editor')).toBeTruthy();
    expect(esha.getByText(/^Not yet/)).toBeTruthy();
    expect(esha.getByText('Never')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('adds a person: problems at their fields, then the password once, with Copy and how to hand it over', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { api, container } = renderPeople();
    await table();
    const add = screen.getByRole('button', { name: 'Add the person' });

    await user.click(add);
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('E-mail address');
    expect(linkedError(name)).toBe('Enter the person’s name.');
    expect(linkedError(email)).toMatch(/^Enter an e-mail address/);
    await waitFor(() => expect(document.activeElement?.className).toContain('st-error-summary'));

    // The server's refusal, at the field it is about.
    await user.type(name, 'Ravi Kumar');
    await user.type(email, 'ESHA@example.com');
    await user.click(add);
    await waitFor(() => expect(linkedError(email)).toBe(EMAIL_TAKEN));
    expect(linkedError(name)).toBeUndefined();
    // The summary takes the focus (in the next frame), as after the form's own problems: the fix is
    // typed after that, as a person would (keys typed before it would follow the focus away).
    await waitFor(() => expect(document.activeElement?.className).toContain('st-error-summary'));

    await user.clear(email);
    await user.type(email, 'ravi@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'publisher');
    await user.click(add);
    const done = await screen.findByRole('heading', { name: 'Ravi Kumar can sign in now' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByText(FAKE_PASSWORD)).toBeTruthy();
    expect(screen.getByText(/in person or on the phone/).textContent).toMatch(
      /They sign in with ravi@example\.com and this password, then set up an authenticator app/,
    );
    await user.click(screen.getByRole('button', { name: 'Copy the password' }));
    expect(writeText).toHaveBeenCalledWith(FAKE_PASSWORD);
    expect(await screen.findByText(/^Copied\./)).toBeTruthy();
    expect((await rowOf('Ravi Kumar')).getByText('Publisher')).toBeTruthy();
    expect(api.people.log.at(-1)).toMatchObject({
      action: 'staff.created',
      details: { email: 'ravi@example.com', role: 'publisher' },
    });
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add another person' }));
    expect(screen.queryByText(FAKE_PASSWORD)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('changes a role in a dialog, and disables and enables an account after asking', async () => {
    const user = userEvent.setup();
    const { api } = renderPeople();
    await table();
    await user.click(screen.getByRole('button', { name: 'Change the role of Esha Iyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the role of Esha Iyer' });
    const change = within(dialog).getByRole('button', { name: 'Change role' });
    expect(change).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('radio', { name: /Publisher/ }));
    await user.click(change);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Esha Iyer is now a Publisher.');
    expect((await rowOf('Esha Iyer')).getByText('Publisher')).toBeTruthy();
    expect(api.people.staff.find((s) => s.id === EDITOR.id)?.role).toBe('publisher');

    await user.click(screen.getByRole('button', { name: 'Disable the account of Esha Iyer' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable the account of Esha Iyer?' });
    expect(within(confirm).getByText(/signed out at once/)).toBeTruthy();
    // Cancel changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.people.staff.find((s) => s.id === EDITOR.id)?.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Disable the account of Esha Iyer' }));
    await user.click(screen.getByRole('button', { name: 'Disable the account' }));
    expect(await (await rowOf('Esha Iyer')).findByText('Disabled')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/account is disabled/);

    await user.click(screen.getByRole('button', { name: 'Enable the account of Esha Iyer' }));
    await user.click(screen.getByRole('button', { name: 'Enable the account' }));
    expect(await (await rowOf('Esha Iyer')).findByText('Active')).toBeTruthy();
    expect(api.people.log.map((e) => e.action)).toEqual(['staff.changed', 'staff.disabled', 'staff.enabled']);
  });

  it('shows the refusal to leave no enabled admin as the server says it, in the dialog, with the focus', async () => {
    const user = userEvent.setup();
    const { api } = renderPeople();
    await table();
    await user.click(screen.getByRole('button', { name: 'Disable the account of Asha Rao' }));
    await user.click(screen.getByRole('button', { name: 'Disable the account' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe(`Not changed: ${LAST_ADMIN}`);
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(api.people.staff.find((s) => s.id === ADMIN.id)?.disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Change the role of Asha Rao' }));
    await user.click(screen.getByRole('radio', { name: /Editor/ }));
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Not changed: ${LAST_ADMIN}`);
  });

  it('is for admins only: a publisher is told so, and no account is read', async () => {
    const api = createFakeStudioApi({});
    const read = vi.spyOn(api, 'listStaff');
    renderPeople({ ...EDITOR, role: 'publisher' }, api);
    expect(await screen.findByText(/Only admins add people/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(read).not.toHaveBeenCalled();
  });
});
