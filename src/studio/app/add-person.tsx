// "Add a person" (People, admins): name, e-mail address and role; the server makes the account and
// answers its first password once, shown here with a Copy button and how to hand it over. A
// refusal (an address taken, not an address) is the server's sentence, at the field it is about.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ROLE_HELP, ROLE_WORDS, ROLES, type Role } from './roles';
import { useStudioApi } from './studio-form-context';
import type { StaffMember } from './studio-api';

type Field = 'name' | 'email';
const ID: Record<Field, string> = { name: 'st-person-name', email: 'st-person-email' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Which field a server refusal is about, by its words (none: shown above the form). */
const fieldOf = (message: string): Field | undefined =>
  /e-mail/i.test(message) ? 'email' : /\bname\b/i.test(message) ? 'name' : undefined;

export function AddPerson({ onAdded }: { onAdded(person: StaffMember): void }) {
  const api = useStudioApi();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ person: StaffMember; password: string } | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (made) doneHeading.current?.focus();
  }, [made]);

  const refuse = (found: Partial<Record<Field, string>>, message = '') => {
    setErrors(found);
    setOther(message);
    requestAnimationFrame(() => summary.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = 'Enter the person’s name.';
    if (!EMAIL.test(email.trim())) found.email = 'Enter an e-mail address, like name@example.com.';
    if (found.name || found.email) return refuse(found);
    setBusy(true);
    try {
      const answer = await api.addStaff({ name: name.trim(), email: email.trim(), role });
      setErrors({});
      setOther('');
      setMade({ person: answer.staff, password: answer.password });
      onAdded(answer.staff);
    } catch (error) {
      const message = (error as Error).message;
      const field = fieldOf(message);
      refuse(field ? { [field]: message } : {}, field ? '' : message);
    } finally {
      setBusy(false);
    }
  };

  if (made)
    return (
      <Handover
        made={made}
        headingRef={doneHeading}
        onAnother={() => {
          setMade(null);
          setName('');
          setEmail('');
          setRole('editor');
          requestAnimationFrame(() => document.getElementById(ID.name)?.focus());
        }}
      />
    );

  const problems = [
    ...(['name', 'email'] as const).flatMap((f) => (errors[f] ? [{ field: f, text: errors[f] }] : [])),
    ...(other ? [{ field: undefined, text: other }] : []),
  ];
  const described = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${ID[field]}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <section className="st-panel" aria-labelledby="st-add-title">
      <h2 id="st-add-title">Add a person</h2>
      {problems.length > 0 && (
        <div className="st-error-summary" ref={summary} tabIndex={-1} aria-labelledby="st-add-problem">
          <h3 id="st-add-problem">The person was not added</h3>
          <ul>
            {problems.map((p) => (
              <li key={p.text}>
                {p.field ? (
                  <a
                    href={`#${ID[p.field]}`}
                    onClick={(e) => {
                      e.preventDefault();
                      document.getElementById(ID[p.field])?.focus();
                    }}
                  >
                    {p.text}
                  </a>
                ) : (
                  p.text
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {(['name', 'email'] as const).map((field) => (
          <div className="st-field" key={field}>
            <label htmlFor={ID[field]}>{field === 'name' ? 'Name' : 'E-mail address'}</label>
            {errors[field] && (
              <p id={`${ID[field]}-error`} className="st-field-error">
                {errors[field]}
              </p>
            )}
            <input
              id={ID[field]}
              className="st-input"
              type={field === 'email' ? 'email' : 'text'}
              autoComplete="off"
              value={field === 'name' ? name : email}
              onChange={(e) => (field === 'name' ? setName : setEmail)(e.target.value)}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={described(field, field === 'email' ? 'st-person-email-hint' : undefined)}
            />
            {field === 'email' && (
              <p id="st-person-email-hint" className="st-help">
                They sign in with it. One account per address.
              </p>
            )}
          </div>
        ))}
        <div className="st-field">
          <label htmlFor="st-person-role">Role</label>
          <select
            id="st-person-role"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            aria-describedby="st-person-role-help"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_WORDS[r]}
              </option>
            ))}
          </select>
          <p id="st-person-role-help" className="st-help">
            {ROLE_HELP[role]}
          </p>
        </div>
        <button type="submit" className="st-button" disabled={busy}>
          {busy ? 'Adding…' : 'Add the person'}
        </button>
      </form>
    </section>
  );
}

/** The first password, once, with how to hand it over. */
function Handover({
  made,
  headingRef,
  onAnother,
}: {
  made: { person: StaffMember; password: string };
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onAnother(): void;
}) {
  const [copied, setCopied] = useState('');
  const secret = useRef<HTMLElement>(null);
  const { person, password } = made;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('Copied. Paste it only where the person will read it.');
    } catch {
      const range = document.createRange();
      if (secret.current) range.selectNodeContents(secret.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied('This browser did not allow copying: the password is selected, press Ctrl+C to copy it.');
    }
  };
  return (
    <section className="st-panel st-panel--done" aria-labelledby="st-added-title">
      <h2 id="st-added-title" ref={headingRef} tabIndex={-1}>
        {person.name} can sign in now
      </h2>
      <p>Their first password (it is shown only now, and nobody can see it again):</p>
      <code className="st-secret" ref={secret}>
        {password}
      </code>
      <div className="st-actions">
        <button type="button" className="st-button" onClick={() => void copy()}>
          Copy the password
        </button>
        <button type="button" className="st-button st-button--secondary" onClick={onAnother}>
          Add another person
        </button>
      </div>
      <p role="status" className="st-status-line">
        {copied}
      </p>
      <p>
        Give it to {person.name} in person or on the phone, or send it another way than the e-mail that tells
        them the Studio’s address. They sign in with {person.email} and this password, then set up an
        authenticator app on their phone and keep the 10 recovery codes it shows once.
      </p>
    </section>
  );
}
