import type { Translate } from '../../engine/i18n';
import type { Programme } from '../../generated/config/programme';
import { LOGIN_MESSAGE_KEYS } from '../../machines/login-machine';
import { messageStrings } from '../../machines/message';
import type { LoginFormData } from './login-form';

interface LoginScreenProps {
  programme: Programme;
  registerPath: string;
  recoverPath: string;
  t: Translate;
  locale: string;
  toast: LoginFormData['toast'];
}

/**
 * The login screen as prerendered HTML. A plain form that works before any script runs;
 * the login machine (a later issue) takes it over in the browser.
 */
export function LoginScreen({ programme, registerPath, recoverPath, t, locale, toast }: LoginScreenProps) {
  const { image, tagline } = programme.login;
  // What the browser's login form needs; the plain form below works until it takes over.
  const island: LoginFormData = {
    strings: {
      rollNumber: t('login.rollNumber'),
      password: t('login.password'),
      passwordHint: t('login.passwordHint'),
      forgot: t('login.forgot'),
      submit: t('login.submit'),
      picker: {
        open: t('picker.open'),
        dialog: t('picker.dialog'),
        month: t('picker.month'),
        year: t('picker.year'),
        close: t('picker.close'),
        days: t('picker.days'),
      },
    },
    messages: messageStrings(LOGIN_MESSAGE_KEYS, t),
    signedOut: { test_submitted: t('login.signedOut.testSubmitted') },
    dobRange: programme.registration.dob,
    locale,
    recoverPath,
    toast,
  };
  return (
    <div className="ef-login">
      <section className="ef-login__card" aria-labelledby="login-heading">
        <h1 id="login-heading">{t('login.heading')}</h1>
        <div className="ef-login__island" data-island="login-form" data-island-props={JSON.stringify(island)}>
          <form className="ef-login__form" method="post" action="/api/login" noValidate>
            <div className="ef-field">
              <label htmlFor="roll_number">{t('login.rollNumber')}</label>
              <input
                id="roll_number"
                name="roll_number"
                type="text"
                inputMode="numeric"
                autoComplete="username"
                pattern="[0-9]{12}"
                required
              />
            </div>
            <div className="ef-field">
              <label htmlFor="date_of_birth">{t('login.password')}</label>
              <input
                id="date_of_birth"
                name="date_of_birth"
                type="text"
                inputMode="numeric"
                autoComplete="bday"
                placeholder={t('login.passwordHint')}
                aria-describedby="date_of_birth-hint"
                pattern="[0-9]{2}/[0-9]{2}/[0-9]{4}"
                required
              />
              <p id="date_of_birth-hint" className="ef-field__hint">
                {t('login.passwordHint')}
              </p>
            </div>
            <p>
              <a href={recoverPath}>{t('login.forgot')}</a>
            </p>
            <button type="submit" className="ef-button ef-button--primary">
              {t('login.submit')}
            </button>
          </form>
        </div>
        <p className="ef-login__register">
          {t('login.noAccount')} <a href={registerPath}>{t('login.register')}</a>
        </p>
      </section>
      <aside className="ef-login__exam" aria-label={programme.shortName}>
        <img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" />
        <p className="ef-login__tagline">{tagline}</p>
      </aside>
    </div>
  );
}
