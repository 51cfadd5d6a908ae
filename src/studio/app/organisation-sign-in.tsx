// "Sign in with <the organisation's provider>" (decision 051), above the password form when the
// server has a provider set up: the button asks the server to begin (it keeps the secrets) and opens
// the provider's page. The provider sends the browser back to this page, with the code of a refusal
// in the address when it was refused: the server words it, the sign-in page shows it, and the
// address loses the code (a reload does not show it again).
import { useEffect, useState } from 'react';
import { useHref, useLocation, useSearchParams } from 'react-router-dom';
import type { AccountApi, OrganisationSignIn as Offer } from './account-api';

const REFUSED = 'sign-in-refused';

export function OrganisationSignIn({
  account,
  onRefused,
  onError,
  openPage = (url) => window.location.assign(url),
}: {
  account: AccountApi;
  /** The last sign-in's refusal, in the server's words. */
  onRefused(message: string): void;
  /** The button's start failed (the server's refusal, or no answer). */
  onError(error: unknown): void;
  /** Opens the provider's page (the browser leaves the Studio). */
  openPage?: (url: string) => void;
}) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The page to come back to, as the browser's address names it (with the Studio's base).
  const here = useHref({ pathname: location.pathname, search: location.search });
  const refused = params.get(REFUSED) ?? undefined;

  useEffect(() => {
    let live = true;
    account.organisationSignIn(refused).then(
      (answer) => {
        if (!live) return;
        setOffer(answer);
        if (answer?.refusal) onRefused(answer.refusal);
      },
      // Without the server's answer there is no button; the password form still works.
      () => undefined,
    );
    if (refused)
      setParams(
        (now) => {
          now.delete(REFUSED);
          return now;
        },
        { replace: true },
      );
    return () => {
      live = false;
    };
    // Once, as the page opens: the code is gone from the address afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [account]);

  // Back from the provider's page, a browser may show this page as it was left (its back-forward
  // cache): the button must not stay "Opening…".
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  if (!offer) return null;
  const begin = async () => {
    setBusy(true);
    try {
      openPage(await account.startOrganisationSignIn(here));
    } catch (error) {
      setBusy(false);
      onError(error);
    }
  };
  return (
    <div className="st-signin__organisation">
      <button
        type="button"
        className="st-button st-signin__organisation-button"
        disabled={busy}
        onClick={() => void begin()}
      >
        {busy ? `Opening ${offer.name}…` : `Sign in with ${offer.name}`}
      </button>
      <p className="st-signin__or">
        <span>or with your e-mail address and password</span>
      </p>
    </div>
  );
}
