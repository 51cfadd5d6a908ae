// examflow Studio behind its sign-in (decision 048): asks who is signed in, shows the sign-in steps
// when nobody is, and the Studio with a header (who, their role, Sign out) when someone is. A 401
// from any call (the session ended) returns here to sign-in; the URL and the drafts kept in the
// browser stay, so the same editor opens with the same draft after signing in again.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AccountApi, Staff } from './account-api';
import { SignInPage } from './sign-in-page';
import { signOutOn401, StaffContext } from './signed-in';
import { StudioApp } from './studio-app';
import type { StudioApi } from './studio-api';

const ROLE_WORDS: Record<Staff['role'], string> = { editor: 'Editor', publisher: 'Publisher', admin: 'Admin' };

export const SESSION_ENDED =
  'Your session has ended, so the Studio signed you out. Sign in again: your unsaved changes are kept in this browser.';

type State =
  | { kind: 'checking' }
  | { kind: 'out'; notice?: string }
  | { kind: 'in'; staff: Staff; round: number };

function StudioHeader({ staff, onSignOut, error }: { staff: Staff; onSignOut(): void; error: string }) {
  return (
    <header className="st-top">
      <span className="st-top__name">examflow Studio</span>
      <span className="st-top__who">
        Signed in as <strong>{staff.name}</strong> · {ROLE_WORDS[staff.role]}
      </span>
      <button type="button" className="st-button st-button--secondary st-button--small" onClick={onSignOut}>
        Sign out
      </button>
      {error && (
        <p role="alert" className="st-field-error st-top__error">
          {error}
        </p>
      )}
    </header>
  );
}

export function StudioRoot({ account, api }: { account: AccountApi; api: StudioApi }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [signOutError, setSignOutError] = useState('');

  useEffect(() => {
    let live = true;
    account.session().then(
      (staff) => live && setState(staff ? { kind: 'in', staff, round: 1 } : { kind: 'out' }),
      (error: Error) => live && setState({ kind: 'out', notice: `The Studio could not be reached: ${error.message}` }),
    );
    return () => {
      live = false;
    };
  }, [account]);

  const round = state.kind === 'in' ? state.round : 0;
  const guarded = useMemo(
    // A new client per sign-in: each tells of its own session's end once.
    () => (round ? signOutOn401(api, () => setState({ kind: 'out', notice: SESSION_ENDED })) : api),
    [api, round],
  );

  const signedIn = useCallback(
    (staff: Staff) => setState((last) => ({ kind: 'in', staff, round: (last.kind === 'in' ? last.round : round) + 1 })),
    [round],
  );

  const signOut = async () => {
    setSignOutError('');
    try {
      await account.signOut();
      setState({ kind: 'out', notice: 'You have signed out.' });
    } catch (error) {
      setSignOutError(`Not signed out: ${(error as Error).message}`);
    }
  };

  if (state.kind === 'checking')
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="status">Opening examflow Studio…</p>
      </main>
    );
  if (state.kind === 'out')
    return <SignInPage account={account} onSignedIn={signedIn} {...(state.notice ? { notice: state.notice } : {})} />;
  return (
    <StaffContext.Provider value={state.staff}>
      <StudioApp
        api={guarded}
        header={<StudioHeader staff={state.staff} onSignOut={() => void signOut()} error={signOutError} />}
      />
    </StaffContext.Provider>
  );
}
