// @vitest-environment jsdom
// Signing in to the Studio (decision 048) against a fake account server: password → code → the
// Studio; enrolment with its recovery codes; a 429's sentence and time; a wrong code linked to its
// input with the focus on the problem; a session that ends mid-edit returns to sign-in and the
// draft typed is there after signing in again.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { linkedError, seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { draftStore } from '../model/draft-store';
import {
  behindSession,
  CODE,
  createFakeAccount,
  EMAIL,
  PASSWORD,
  RECOVERY_CODES,
  WRONG_CODE,
  WRONG_PASSWORD,
  type FakeAccount,
} from './account-api.test-support';
import { groupsOfFour } from './sign-in-page';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import { SESSION_ENDED, StudioRoot } from './studio-root';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';

function renderRoot(account: FakeAccount, path = '/') {
  const files = createFakeStudioApi({ [FILE]: fakeLanding() });
  const api = behindSession(files, account);
  return Object.assign(
    render(
      <MemoryRouter initialEntries={[path]}>
        <StudioRoot account={account} api={api} />
      </MemoryRouter>,
    ),
    { files },
  );
}

async function givePassword(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  await user.type(await screen.findByLabelText('E-mail address'), EMAIL);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('signing in to the Studio', () => {
  it('takes the password, then the code, and opens the Studio with who is signed in; signs out', async () => {
    const user = userEvent.setup();
    const account = createFakeAccount({ role: 'publisher' });
    const { container } = renderRoot(account);
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(await seriousViolations(container)).toEqual([]);

    await givePassword(user);
    const heading = await screen.findByRole('heading', { name: 'Enter your code' });
    expect(document.activeElement).toBe(heading);
    const code = screen.getByLabelText('6-digit code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousViolations(container)).toEqual([]);
    await user.type(code, CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Landing pages' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toMatch(/Signed in as Asha Rao · Publisher/);
    expect(within(banner).getByRole('link', { name: 'Inbox' }).getAttribute('href')).toBe('/inbox');
    expect(account.calls).toEqual(['session', 'organisation', 'sign-in', 'second-factor']);

    await user.click(within(banner).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('You have signed out.')).toBeTruthy();
    expect(account.signedIn).toBe(false);
  });

  it('opens the Studio at once when a session is already there', async () => {
    const account = createFakeAccount();
    account.signedIn = true;
    renderRoot(account);
    expect(await screen.findByRole('heading', { name: 'Landing pages' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toMatch(/Asha Rao · Editor/);
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Your changes in review' }),
    ).toBeTruthy();
  });

  it('enrols at the first sign-in: the key in groups of four, the otpauth link, then 10 recovery codes once', async () => {
    const user = userEvent.setup();
    const account = createFakeAccount({ enrolled: false });
    const { container } = renderRoot(account);
    await givePassword(user);
    await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    expect(screen.getByText(groupsOfFour('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'))).toBeTruthy();
    expect(groupsOfFour('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
    const link = screen.getByRole('link', { name: /open it in an authenticator app/i });
    expect(link.getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
    // The same link as a QR code to scan, an image drawn from it (no markup put into the page).
    const qr = await screen.findByRole('img', { name: /QR code of the Studio's key/ });
    const svg = decodeURIComponent(
      (qr.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
    );
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg.match(/<path/g)?.length).toBeGreaterThan(0);
    expect(await seriousViolations(container)).toEqual([]);

    await user.type(screen.getByLabelText('6-digit code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    const codes = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes.map((c) => c.textContent)).toEqual(RECOVERY_CODES);
    expect(await seriousViolations(container)).toEqual([]);
    // Not in the Studio until the codes are saved.
    expect(screen.queryByRole('heading', { name: 'Landing pages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { name: 'Landing pages' })).toBeTruthy();
  });

  it('signs in with a recovery code instead of the app', async () => {
    const user = userEvent.setup();
    renderRoot(createFakeAccount());
    await givePassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), RECOVERY_CODES[3] ?? '');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Landing pages' })).toBeTruthy();
  });

  it("says a 429's sentence and the time to try again, with the focus on it", async () => {
    const user = userEvent.setup();
    const account = createFakeAccount();
    account.lockSeconds = 15 * 60;
    renderRoot(account);
    await givePassword(user);
    const problem = await screen.findByRole('heading', { name: 'There is a problem' });
    const box = problem.closest('div') as HTMLElement;
    expect(box.textContent).toMatch(
      /Too many sign-in tries for this e-mail address: try again in 15 minutes\./,
    );
    expect(box.textContent).toMatch(/You can try again at \d\d:\d\d\./);
    expect(document.activeElement).toBe(box);
  });

  it('puts a wrong password and a wrong code at their field, described by the message, and moves the focus there', async () => {
    const user = userEvent.setup();
    const { container } = renderRoot(createFakeAccount());
    await givePassword(user, 'not the password');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(linkedError(password)).toBe(WRONG_PASSWORD));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.textContent).toMatch(/There is a problem/);

    fireEvent.change(password, { target: { value: PASSWORD } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(linkedError(code)).toBe(WRONG_CODE));
    const box = document.activeElement as HTMLElement;
    expect(box.textContent).toMatch(WRONG_CODE);
    expect(await seriousViolations(container)).toEqual([]);
    // The box links to the field.
    await user.click(within(box).getByRole('link', { name: WRONG_CODE }));
    expect(document.activeElement).toBe(code);

    // Not 6 digits: said before asking the server.
    await user.clear(code);
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(linkedError(code)).toBe('Enter the 6 digits your authenticator app shows.'));
  });

  it('returns to sign-in when the session ends mid-edit, and the draft is there after signing in again', async () => {
    const user = userEvent.setup();
    const account = createFakeAccount();
    account.signedIn = true;
    const { files } = renderRoot(account, `/edit/${FILE}`);
    const title = await screen.findByLabelText<HTMLInputElement>(/^Page title/);
    account.signedIn = false; // idle too long, or signed out in another tab
    fireEvent.change(title, { target: { value: 'Typed as the session ended' } });

    expect(await screen.findByText(SESSION_ENDED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    // The editor is hidden, not gone; the browser's draft store has what was typed.
    expect(screen.queryByRole('textbox', { name: /^Page title/ })).toBeNull();
    await waitFor(() =>
      expect(draftStore(localStorage).load(FILE)?.content).toMatchObject({
        title: 'Typed as the session ended',
      }),
    );
    expect(files.writes).toEqual([]);

    await givePassword(user);
    await user.type(await screen.findByLabelText('6-digit code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const again = await screen.findByLabelText<HTMLInputElement>(/^Page title/);
    expect(again.value).toBe('Typed as the session ended');
    // …and what could not be saved on the server is saved now.
    await waitFor(() =>
      expect(files.writes.at(-1)?.content).toMatchObject({ title: 'Typed as the session ended' }),
    );
  });
});
