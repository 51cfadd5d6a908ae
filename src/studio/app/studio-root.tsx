// examflow Studio behind its sign-in (decision 048): asks who is signed in, shows the sign-in steps
// when nobody is, and the Studio with a header (who, their role, Sign out) when someone is. A 401
// from any call (the session ended) returns here to sign-in; the URL and the drafts kept in the
// browser stay, so the same editor opens with the same draft after signing in again.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { AccountApi, Staff } from './account-api';
import { ROLE_WORDS } from './roles';
import { SignInPage } from './sign-in-page';
import { canPublish, isAdmin, signOutOn401, StaffContext } from './signed-in';
import { StudioApp } from './studio-app';
import type { StudioApi } from './studio-api';

export const SESSION_ENDED =
  'Your session has ended, so the Studio signed you out. Sign in again: your unsaved changes are kept in this browser.';

type State =
  | { kind: 'checking' }
  /** `kept`: the person whose Studio stays open, hidden, behind the sign-in (their session ended). */
  | { kind: 'out'; notice?: string; kept?: Staff }
  | { kind: 'in'; staff: Staff };

function StudioHeader({ staff, onSignOut, error }: { staff: Staff; onSignOut(): void; error: string }) {
  return (
    <header className="st-top">
      <span className="st-top__name">examflow Studio</span>
      <nav className="st-top__nav" aria-label="Studio">
        <NavLink to="/" end>
          Pages and coupons
        </NavLink>
        <NavLink to="/inbox">{canPublish(staff) ? 'Inbox' : 'Your changes in review'}</NavLink>
        <NavLink to="/funnel">Funnel</NavLink>
        <NavLink to="/experiments">Experiments</NavLink>
        {canPublish(staff) && <NavLink to="/activity">Activity</NavLink>}
        {isAdmin(staff) && <NavLink to="/people">People</NavLink>}
      </nav>
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
      (staff) => live && setState(staff ? { kind: 'in', staff } : { kind: 'out' }),
      (error: Error) =>
        live && setState({ kind: 'out', notice: `The Studio could not be reached: ${error.message}` }),
    );
    return () => {
      live = false;
    };
  }, [account]);

  // A 401 from any call: back to sign-in, the Studio kept open behind it (hidden), so nothing typed
  // is lost, not even the keys still on their way to the form; the draft store has it too.
  const guarded = useMemo(
    () =>
      signOutOn401(api, () =>
        setState((last) =>
          last.kind === 'in' ? { kind: 'out', notice: SESSION_ENDED, kept: last.staff } : last,
        ),
      ),
    [api],
  );

  // A new object at each sign-in: what depends on the session (the editor's check and save of a
  // draft the ended session could not take) runs again.
  const signedIn = useCallback((staff: Staff) => setState({ kind: 'in', staff: { ...staff } }), []);

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
  const open = state.kind === 'in' ? state.staff : state.kept;
  return (
    <>
      {state.kind === 'out' && (
        <SignInPage
          account={account}
          onSignedIn={signedIn}
          {...(state.notice ? { notice: state.notice } : {})}
        />
      )}
      {open && (
        <div hidden={state.kind === 'out'} className="st-app">
          <StaffContext.Provider value={open}>
            <StudioApp
              // Another person signing in here gets a Studio of their own.
              key={open.id}
              api={guarded}
              header={
                state.kind === 'in' ? (
                  <StudioHeader staff={state.staff} onSignOut={() => void signOut()} error={signOutError} />
                ) : null
              }
            />
          </StaffContext.Provider>
        </div>
      )}
    </>
  );
}
