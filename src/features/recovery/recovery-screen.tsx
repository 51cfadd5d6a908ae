import type { Translate } from '../../engine/i18n';
import { RESEND_DELAY_MS } from '../../domain/otp-rules';
import { messageStrings } from '../../machines/message';
import { RECOVERY_MESSAGE_KEYS } from '../../machines/recovery-machine';
import type { RecoveryFormData } from './recovery-view';

interface RecoveryScreenProps {
  loginPath: string;
  t: Translate;
  toast: RecoveryFormData['toast'];
}

/** The prerendered screen: its heading and text, and where the recovery form mounts. */
export function RecoveryScreen({ loginPath, t, toast }: RecoveryScreenProps) {
  const island: RecoveryFormData = {
    strings: {
      loginId: t('recover.loginId'),
      next: t('recover.next'),
      verify: t('recover.verify'),
      edit: t('recover.edit'),
      otp: t('form.otp'),
      otpDigit: t('form.otpDigit'),
      otpSent: t('recover.otpSent'),
      resendOtp: t('recover.resendOtp'),
      resendWait: t('recover.resendWait', { seconds: RESEND_DELAY_MS / 1000 }),
      detailsSent: t('recover.detailsSent'),
      sendAgain: t('recover.sendAgain'),
      yourDetails: t('recover.yourDetails'),
      rollNumber: t('recover.rollNumber'),
      password: t('recover.password'),
      toLogin: t('recover.toLogin'),
      backToLogin: t('ui.recover.backToLogin'),
      resendDetailsWait: t('ui.recover.resendDetailsWait', { seconds: RESEND_DELAY_MS / 1000 }),
      disabledId: t('ui.disabled.recoverId'),
      disabledOtp: t('ui.disabled.recoverOtp'),
    },
    messages: messageStrings(RECOVERY_MESSAGE_KEYS, t),
    loginPath,
    toast,
  };
  return (
    <section className="ef-screen ef-recover" aria-labelledby="recover-heading">
      <h1 id="recover-heading">{t('recover.heading')}</h1>
      <p>{t('recover.intro')}</p>
      <div
        className="ef-recover__island"
        data-island="recover-form"
        data-island-props={JSON.stringify(island)}
      >
        <p>{t('screen.pending')}</p>
      </div>
    </section>
  );
}
