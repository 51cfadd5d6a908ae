// People (admins): who can use the Studio, their role, whether they have set up the authenticator
// app, when they last signed in; add a person (their first password shown once), change a role,
// disable or enable an account, each behind a dialog. A refusal is the server's own sentence
// (the last enabled admin cannot be demoted or disabled: decision 048).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { showDateTime } from '../../domain/dates';
import { Modal } from '../../ui/modal/modal';
import { AddPerson } from './add-person';
import { ROLE_HELP, ROLE_WORDS, ROLES, type Role } from './roles';
import { isAdmin, useStaff } from './signed-in';
import { useStudioApi } from './studio-form-context';
import type { StaffMember } from './studio-api';

type Acting = { kind: 'role' | 'disable' | 'enable'; person: StaffMember };

export function PeoplePage() {
  const api = useStudioApi();
  const me = useStaff();
  const admin = isAdmin(me);
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [acting, setActing] = useState<Acting | null>(null);
  const [news, setNews] = useState('');

  useEffect(() => {
    if (!admin) return;
    api.listStaff().then(setStaff, (error: Error) => setLoadError(error.message));
  }, [api, admin]);

  if (!admin)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <h1>People</h1>
        <p>Only admins add people and change their roles. Ask an admin if someone needs access.</p>
        <Link to="/">Back to all pages</Link>
      </main>
    );

  const changed = (person: StaffMember, sentence: string) => {
    setStaff((list) => (list ?? []).map((p) => (p.id === person.id ? { ...p, ...person } : p)));
    setNews(sentence);
    setActing(null);
  };

  return (
    <main id="main" className="st-main st-people" tabIndex={-1}>
      <h1>People</h1>
      <p className="st-lead">
        Who can use the Studio and what each may do. Editors write drafts and submit them; publishers also
        approve and publish; admins also manage people.
      </p>
      {loadError && <p role="alert">The list could not be read: {loadError}</p>}
      <p role="status" className="st-status-line">
        {staff ? news : 'Loading…'}
      </p>
      {staff && (
        <table className="st-table st-table--cards" aria-label="People who can use the Studio">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail address</th>
              <th scope="col">Role</th>
              <th scope="col">Authenticator app</th>
              <th scope="col">Account</th>
              <th scope="col">Last sign-in (India time)</th>
              <th scope="col">
                <span className="ef-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((person) => (
              <tr key={person.id} className={person.disabled ? 'st-row--off' : undefined}>
                <th scope="row">
                  {person.name}
                  {person.id === me?.id && <span className="st-muted"> (you)</span>}
                </th>
                <td data-label="E-mail address">{person.email}</td>
                <td data-label="Role">{ROLE_WORDS[person.role]}</td>
                <td data-label="Authenticator app">
                  {person.second_factor ? 'Set up' : 'Not yet: set up at the first sign-in'}
                </td>
                <td data-label="Account">{person.disabled ? 'Disabled' : 'Active'}</td>
                <td data-label="Last sign-in">
                  {person.last_sign_in_at ? showDateTime(person.last_sign_in_at) : 'Never'}
                </td>
                <td>
                  <div className="st-row-actions">
                    <button
                      type="button"
                      className="st-button st-button--small st-button--secondary"
                      aria-label={`Change the role of ${person.name}`}
                      onClick={() => setActing({ kind: 'role', person })}
                    >
                      Change role
                    </button>
                    <button
                      type="button"
                      className="st-button st-button--small st-button--secondary"
                      aria-label={`${person.disabled ? 'Enable' : 'Disable'} the account of ${person.name}`}
                      onClick={() => setActing({ kind: person.disabled ? 'enable' : 'disable', person })}
                    >
                      {person.disabled ? 'Enable' : 'Disable'}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddPerson
        onAdded={(person) => {
          setStaff((list) => [...(list ?? []), person]);
          setNews('');
        }}
      />
      {acting?.kind === 'role' && (
        <RoleDialog
          person={acting.person}
          onClose={() => setActing(null)}
          onDone={(person) => changed(person, `${person.name} is now ${article(person.role)}.`)}
        />
      )}
      {(acting?.kind === 'disable' || acting?.kind === 'enable') && (
        <AccountDialog
          person={acting.person}
          disable={acting.kind === 'disable'}
          onClose={() => setActing(null)}
          onDone={(person) =>
            changed(
              person,
              person.disabled
                ? `${person.name}’s account is disabled: they are signed out and cannot sign in.`
                : `${person.name}’s account is enabled: they can sign in again.`,
            )
          }
        />
      )}
    </main>
  );
}

const article = (role: Role) => `${role === 'admin' || role === 'editor' ? 'an' : 'a'} ${ROLE_WORDS[role]}`;

/**
 * A dialog that changes one account when confirmed; a refusal is the server's sentence, in a box
 * that takes the focus, and the dialog stays open.
 */
function ChangeDialog({
  person,
  heading,
  change,
  confirm,
  danger = false,
  unchanged = false,
  onClose,
  onDone,
  children,
}: {
  person: StaffMember;
  heading: string;
  change: { role?: Role; disabled?: boolean };
  confirm: string;
  danger?: boolean;
  /** Nothing chosen would change: the confirm button is off. */
  unchanged?: boolean;
  onClose(): void;
  onDone(person: StaffMember): void;
  children: ReactNode;
}) {
  const api = useStudioApi();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) box.current?.focus();
  }, [refusal]);
  const act = async () => {
    setBusy(true);
    setRefusal('');
    try {
      onDone(await api.changeStaff(person.id, change));
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal heading={heading} closeLabel="Close" onClose={onClose}>
      {children}
      {refusal && (
        <p ref={box} tabIndex={-1} role="alert" className="st-field-error st-dialog-error">
          Not changed: {refusal}
        </p>
      )}
      <div className="st-actions">
        <button
          type="button"
          className={`st-button${danger ? ' st-button--danger' : ''}`}
          disabled={busy || unchanged}
          onClick={() => void act()}
        >
          {busy ? 'Changing…' : confirm}
        </button>
        <button type="button" className="st-button st-button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

function RoleDialog({
  person,
  onClose,
  onDone,
}: {
  person: StaffMember;
  onClose(): void;
  onDone(person: StaffMember): void;
}) {
  const [role, setRole] = useState<Role>(person.role);
  return (
    <ChangeDialog
      person={person}
      heading={`Change the role of ${person.name}`}
      change={{ role }}
      confirm="Change role"
      unchanged={role === person.role}
      onClose={onClose}
      onDone={onDone}
    >
      <fieldset className="st-roles">
        <legend>Role</legend>
        {ROLES.map((r) => (
          <label key={r} className="st-radio">
            <input
              type="radio"
              name="st-role"
              value={r}
              checked={role === r}
              onChange={() => setRole(r)}
              aria-describedby={`st-role-${r}-help`}
            />{' '}
            <span>
              <strong>{ROLE_WORDS[r]}</strong>
              <span id={`st-role-${r}-help`} className="st-help">
                {ROLE_HELP[r]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </ChangeDialog>
  );
}

function AccountDialog({
  person,
  disable,
  onClose,
  onDone,
}: {
  person: StaffMember;
  disable: boolean;
  onClose(): void;
  onDone(person: StaffMember): void;
}) {
  return (
    <ChangeDialog
      person={person}
      heading={`${disable ? 'Disable' : 'Enable'} the account of ${person.name}?`}
      change={{ disabled: disable }}
      confirm={disable ? 'Disable the account' : 'Enable the account'}
      danger={disable}
      onClose={onClose}
      onDone={onDone}
    >
      <p>
        {disable
          ? `${person.name} is signed out at once and cannot sign in until an admin enables the account again. Their drafts and the changes they made stay.`
          : `${person.name} can sign in again with their password and authenticator app.`}
      </p>
    </ChangeDialog>
  );
}
