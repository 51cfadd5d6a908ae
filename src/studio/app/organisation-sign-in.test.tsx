// @vitest-environment jsdom
// "Sign in with <the organisation's provider>" on the Studio's sign-in page (decision 051), against a
// fake account server: shown only where the server has a provider, beside the password form; it
// opens the provider's page with the way back to the page the person was on; a refusal the
// provider's callback sent the browser back with is said in words, takes the focus and leaves the
// address; a start that fails says why and lets the person try again.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import {
  createFakeAccount,
  NO_ACCOUNT,
  ORGANISATION,
  PROVIDER_PAGE,
  type FakeAccount,
} from './account-api.test-support';
import { SignInPage } from './sign-in-page';
import { StudioApiError } from './studio-api';

afterEach(cleanup);

/** The address the page is at now (inside the Studio's base), for the test to read. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

function renderPage(account: FakeAccount, at = '/studio') {
  const openPage = vi.fn<(url: string) => void>();
  const onSignedIn = vi.fn();
  const view = render(
    <MemoryRouter basename="/studio" initialEntries={[at]}>
      <SignInPage account={account} onSignedIn={onSignedIn} openPage={openPage} />
      <Address />
    </MemoryRouter>,
  );
  return { ...view, openPage };
}

const button = () => screen.findByRole('button', { name: `Sign in with ${ORGANISATION}` });

describe('signing in with the organisation’s account', () => {
  it('offers the provider beside the password form, and opens its page with the way back', async () => {
    const user = userEvent.setup();
    const account = createFakeAccount({ organisation: ORGANISATION });
    const { container, openPage } = renderPage(account, '/studio/funnel?variant=a');
    const offer = await button();
    expect(screen.getByText('or with your e-mail address and password')).toBeTruthy();
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);

    let started: (url: string) => void = () => undefined;
    account.startOrganisationSignIn = async (returnTo) => {
      account.calls.push(`organisation-start ${returnTo}`);
      return new Promise<string>((resolve) => (started = resolve));
    };
    await user.click(offer);
    const busy = screen.getByRole('button', { name: `Opening ${ORGANISATION}…` });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    started(PROVIDER_PAGE);
    await waitFor(() => expect(openPage).toHaveBeenCalledWith(PROVIDER_PAGE));
    expect(account.calls).toEqual(['organisation', 'organisation-start /studio/funnel?variant=a']);
    // Back from the provider, the page as it was left (the back-forward cache): the button works again.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(((await button()) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no such button where the Studio has no provider', async () => {
    const account = createFakeAccount();
    renderPage(account);
    await waitFor(() => expect(account.calls).toEqual(['organisation']));
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
    expect(screen.queryByText('or with your e-mail address and password')).toBeNull();
  });

  it('says why the provider’s sign-in was refused, with the focus on it, and drops the code from the address', async () => {
    const account = createFakeAccount({ organisation: ORGANISATION });
    const { container } = renderPage(account, '/studio/funnel?sign-in-refused=no-account');
    const problem = await screen.findByText(NO_ACCOUNT);
    const box = problem.closest('.st-error-summary');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    expect(account.calls).toEqual(['organisation no-account']);
    expect(screen.getByLabelText('Address').textContent).toBe('/funnel');
    expect(await button()).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says why the start failed, and the button works again', async () => {
    const user = userEvent.setup();
    const account = createFakeAccount({ organisation: ORGANISATION });
    const said =
      'Example Sign-In cannot be reached now. Try again in a minute, or sign in with your e-mail address and password.';
    account.startError = new StudioApiError(503, 'failed', said);
    const { openPage } = renderPage(account);
    await user.click(await button());
    expect(await screen.findByText(said)).toBeTruthy();
    expect(openPage).not.toHaveBeenCalled();
    account.startError = null;
    await user.click(await button());
    await waitFor(() => expect(openPage).toHaveBeenCalledWith(PROVIDER_PAGE));
  });
});
