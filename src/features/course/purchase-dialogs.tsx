// The purchase's dialogs (part 2 §2, §4, §8): 'Payment failed!' with Try again, the exit-intent
// 'Wait! Before You Go...' with Stay and Continue, and the retention pop-up 'Stay with Us!' with
// Register Now. Each is the one Modal (focus kept inside and given back, Escape closes).
import type { Translate } from '../../engine/i18n';
import { Modal } from '../../ui/modal/modal';
import './course.css';

export function PaymentFailedDialog({
  t,
  onRetry,
  returnFocus,
}: {
  t: Translate;
  onRetry: () => void;
  /** It opens as the page loads (back from the gateway), so nothing opened it: focus goes here after. */
  returnFocus?: () => HTMLElement | null;
}) {
  // Closing it is a retry too (part 2 §4 "Payment").
  return (
    <Modal
      heading={t('course.failed.heading')}
      closeLabel={t('course.close')}
      onClose={onRetry}
      returnFocus={returnFocus}
    >
      <p>{t('course.failed.text')}</p>
      <button type="button" className="ef-button" onClick={onRetry}>
        {t('course.failed.retry')}
      </button>
    </Modal>
  );
}

export function ExitIntentDialog({
  t,
  onStay,
  onClose,
}: {
  t: Translate;
  onStay: () => void;
  onClose: () => void;
}) {
  return (
    <Modal heading={t('course.exit.heading')} closeLabel={t('course.close')} onClose={onClose}>
      <p className="ef-dialog__lead">{t('course.exit.text')}</p>
      <p>{t('course.freebies')}</p>
      <button type="button" className="ef-button" onClick={onStay}>
        {t('course.exit.stay')}
      </button>
    </Modal>
  );
}

export function RetentionDialog({
  t,
  product,
  onRegister,
  onClose,
}: {
  t: Translate;
  product: string;
  onRegister: () => void;
  onClose: () => void;
}) {
  return (
    <Modal heading={t('course.retention.heading')} closeLabel={t('course.close')} onClose={onClose}>
      <p className="ef-dialog__lead">{t('course.retention.text', { product })}</p>
      <h3>{t('course.retention.why')}</h3>
      <p>{t('course.freebies')}</p>
      <button type="button" className="ef-button" onClick={onRegister}>
        {t('course.retention.register')}
      </button>
    </Modal>
  );
}
