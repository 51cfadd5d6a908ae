// Signing in to examflow Studio (decision 048): e-mail and password, then the 6-digit code of an
// authenticator app (or a recovery code); at the first sign-in, setting up the app (its secret, in
// groups of four, and the otpauth link) and then the 10 recovery codes, shown once. Every refusal
// is the server's own sentence, placed at the field it is about (aria-describedby) and in a box
// that takes the focus; a 429 also says at what time to try again.
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { AccountApi, Staff, Ticket } from './account-api';
import { OrganisationSignIn } from './organisation-sign-in';
import { SetupQr } from './setup-qr';
import { StudioApiError } from './studio-api';

type Field = 'email' | 'password' | 'code';

interface Failure {
  message: string;
  /** The field it is about (linked from the box, described by the message); none for a wait. */
  field?: Field;
}

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: Ticket }
  | { kind: 'enrol'; ticket: Ticket; secret: string; uri: string }
  | { kind: 'recovery'; staff: Staff; codes: string[] };

const FIELD_ID: Record<Field, string> = { email: 'st-email', password: 'st-password', code: 'st-code' };

/** A base32 secret in groups of four, as authenticator apps show and take it. */
export function groupsOfFour(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

const clock = (date: Date) => date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A refusal in words: the server's sentence, and for a 429 the time to try again. */
function failureOf(error: unknown, field: Field | undefined, now: () => Date): Failure {
  if (!(error instanceof StudioApiError))
    return { message: 'The Studio could not be reached. Check the connection and try again.' };
  if (error.status === 429) {
    const at = error.retryAfter
      ? ` You can try again at ${clock(new Date(now().getTime() + error.retryAfter * 1000))}.`
      : '';
    return { message: `${error.message}${at}` };
  }
  return field ? { message: error.message, field } : { message: error.message };
}

function ErrorBox({ failure }: { failure: Failure }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [failure]);
  return (
    <div className="st-error-summary" ref={box} tabIndex={-1} aria-labelledby="st-signin-problem">
      <h2 id="st-signin-problem">There is a problem</h2>
      <p>
        {failure.field ? (
          <a
            href={`#${FIELD_ID[failure.field]}`}
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(FIELD_ID[failure.field ?? 'email'])?.focus();
            }}
          >
            {failure.message}
          </a>
        ) : (
          failure.message
        )}
      </p>
    </div>
  );
}

/** A labelled input with its hint and, when the failure is about it, the message it is described by. */
function Input({
  field,
  label,
  hint,
  failure,
  ...input
}: {
  field: Field;
  label: string;
  hint?: string;
  failure: Failure | null;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = FIELD_ID[field];
  const wrong = failure?.field === field;
  const describedBy = [hint ? `${id}-hint` : '', wrong ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="st-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="st-help">
          {hint}
        </p>
      )}
      {wrong && (
        <p id={`${id}-error`} className="st-field-error">
          {failure.message}
        </p>
      )}
      <input
        id={id}
        name={field}
        className="st-input"
        aria-invalid={wrong || undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
    </div>
  );
}

export function SignInPage({
  account,
  notice,
  onSignedIn,
  now = () => new Date(),
  openPage,
}: {
  account: AccountApi;
  /** Why the person is here again (the session ended, signed out). */
  notice?: string;
  onSignedIn(staff: Staff): void;
  now?: () => Date;
  /** Opens the organisation's sign-in page (the browser leaves the Studio; a test watches instead). */
  openPage?: (url: string) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new step's heading takes the focus, so a screen reader starts there.
  useEffect(() => {
    if (step.kind !== 'password') heading.current?.focus();
  }, [step.kind]);

  const refuse = (next: Failure) => setFailure({ ...next });
  const startAgain = () => {
    setStep({ kind: 'password' });
    setPassword('');
    setCode('');
    setRecovery(false);
    setFailure(null);
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return refuse({ message: 'Enter your e-mail address.', field: 'email' });
    if (!password) return refuse({ message: 'Enter your password.', field: 'password' });
    setBusy(true);
    try {
      const ticket = await account.signIn(email.trim(), password);
      setFailure(null);
      setCode('');
      setStep(
        ticket.enrolment
          ? { kind: 'enrol', ticket, secret: ticket.enrolment.secret, uri: ticket.enrolment.uri }
          : { kind: 'code', ticket },
      );
    } catch (error) {
      // A wrong password answers for the pair (never which one): the password is the field to retry.
      refuse(
        failureOf(error, error instanceof StudioApiError && error.status === 400 ? 'email' : 'password', now),
      );
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code' && step.kind !== 'enrol') return;
    const given = recovery ? code.trim() : code.replace(/\s+/g, '');
    if (!recovery && !/^\d{6}$/.test(given))
      return refuse({ message: 'Enter the 6 digits your authenticator app shows.', field: 'code' });
    if (recovery && given.length < 6)
      return refuse({
        message: 'Enter one of your recovery codes, for example abcd-efgh-jkmn-pqrs.',
        field: 'code',
      });
    setBusy(true);
    try {
      const answer = await account.secondFactor(step.ticket.ticket, given);
      setFailure(null);
      if (answer.recoveryCodes?.length)
        setStep({ kind: 'recovery', staff: answer.staff, codes: answer.recoveryCodes });
      else onSignedIn(answer.staff);
    } catch (error) {
      refuse(failureOf(error, 'code', now));
    } finally {
      setBusy(false);
    }
  };

  const copy = (text: string, what: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(`${what} copied.`),
      () => setCopied(`Could not copy: select the ${what.toLowerCase()} and copy it yourself.`),
    );
  };

  const codeField = (
    <Input
      field="code"
      label={recovery ? 'Recovery code' : '6-digit code'}
      hint={
        recovery
          ? 'One of the 10 recovery codes you saved when you set up the app. Each works once.'
          : step.kind === 'enrol'
            ? 'The code the app shows for examflow Studio now.'
            : 'Open your authenticator app and type the code it shows for examflow Studio.'
      }
      failure={failure}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      autoComplete="one-time-code"
      spellCheck={false}
      {...(recovery ? {} : { inputMode: 'numeric' as const, maxLength: 7 })}
    />
  );

  return (
    <main id="main" className="st-main st-signin" tabIndex={-1}>
      <p className="st-signin__brand">examflow Studio</p>
      {step.kind === 'password' && (
        <form onSubmit={(e) => void submitPassword(e)} noValidate aria-labelledby="st-signin-title">
          <h1 id="st-signin-title">Sign in</h1>
          {notice && !failure && (
            <p className="st-note" role="status">
              {notice}
            </p>
          )}
          {failure && <ErrorBox failure={failure} />}
          <OrganisationSignIn
            account={account}
            onRefused={(message) => refuse({ message })}
            onError={(error) => refuse(failureOf(error, undefined, now))}
            {...(openPage ? { openPage } : {})}
          />
          <Input
            field="email"
            label="E-mail address"
            type="email"
            autoComplete="username"
            spellCheck={false}
            failure={failure}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Input
            field="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            failure={failure}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="st-button" disabled={busy}>
            {busy ? 'Signing in…' : 'Continue'}
          </button>
          <p className="st-help st-signin__foot">
            No account yet, or locked out of your app? Ask an admin of the Studio.
          </p>
        </form>
      )}

      {step.kind === 'code' && (
        <form onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="st-signin-title">
          <h1 id="st-signin-title" ref={heading} tabIndex={-1}>
            {recovery ? 'Use a recovery code' : 'Enter your code'}
          </h1>
          <p className="st-muted">Signing in as {email.trim()}.</p>
          {failure && <ErrorBox failure={failure} />}
          {codeField}
          <div className="st-actions">
            <button type="submit" className="st-button" disabled={busy}>
              {busy ? 'Checking…' : 'Sign in'}
            </button>
            <button
              type="button"
              className="st-button st-button--secondary"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setFailure(null);
                requestAnimationFrame(() => document.getElementById(FIELD_ID.code)?.focus());
              }}
            >
              {recovery ? 'Use the app’s code instead' : 'Use a recovery code'}
            </button>
            <button type="button" className="st-button st-button--secondary" onClick={startAgain}>
              Start again
            </button>
          </div>
        </form>
      )}

      {step.kind === 'enrol' && (
        <form onSubmit={(e) => void submitCode(e)} noValidate aria-labelledby="st-signin-title">
          <h1 id="st-signin-title" ref={heading} tabIndex={-1}>
            Set up your authenticator app
          </h1>
          <p>
            The Studio asks for a code from an app on your phone each time you sign in, so a stolen password
            is not enough. This is the first time, so the app needs to learn the Studio’s key.
          </p>
          {failure && <ErrorBox failure={failure} />}
          <ol className="st-signin__steps">
            <li>
              Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password or similar)
              and choose to add an account, then scan this code with it:
              <SetupQr uri={step.uri} />
            </li>
            <li>
              <span id="st-secret-label">
                Or, if the app cannot scan it, choose to enter a setup key and type this key, as one word (the
                spaces are only there to help you):
              </span>
              <code className="st-secret" aria-labelledby="st-secret-label">
                {groupsOfFour(step.secret)}
              </code>
              <span className="st-actions">
                <button
                  type="button"
                  className="st-button st-button--secondary st-button--small"
                  onClick={() => copy(step.secret, 'Key')}
                >
                  Copy the key
                </button>
                <a className="st-signin__link" href={step.uri}>
                  Or open it in an authenticator app on this device
                </a>
              </span>
            </li>
            <li>Type the 6-digit code the app now shows for examflow Studio.</li>
          </ol>
          {codeField}
          <p role="status" className="st-status-line">
            {copied}
          </p>
          <div className="st-actions">
            <button type="submit" className="st-button" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm and sign in'}
            </button>
            <button type="button" className="st-button st-button--secondary" onClick={startAgain}>
              Start again
            </button>
          </div>
        </form>
      )}

      {step.kind === 'recovery' && (
        <section aria-labelledby="st-signin-title">
          <h1 id="st-signin-title" ref={heading} tabIndex={-1}>
            Save your recovery codes
          </h1>
          <p>
            If you lose your phone, each of these codes signs you in once instead of the app’s code. They are
            shown only now: print them, or keep them in a password manager, before you go on.
          </p>
          <ol className="st-codes" aria-label="Recovery codes">
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <p role="status" className="st-status-line">
            {copied}
          </p>
          <div className="st-actions">
            <button type="button" className="st-button" onClick={() => onSignedIn(step.staff)}>
              I have saved them
            </button>
            <button
              type="button"
              className="st-button st-button--secondary"
              onClick={() => copy(step.codes.join('\n'), 'Codes')}
            >
              Copy the codes
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
