// Back on the dashboard from the gateway (decision 030): while the server's record of the order is
// awaited the banner says so; an order still open after the wait is "Payment being confirmed",
// with Check again (one look each press; busy, not clickable, while it runs). Shown above the
// dashboard's blocks for every return (the mock pack, a paid exam edit, a course); its words are
// the registration card's (payment.*). A live region: a screen reader hears each change without
// the focus moving; focus moves only when the banner goes away from under it (the outcome shown).
import { useLayoutEffect, useRef } from 'react';
import type { Translate } from '../../engine/i18n';
import { BusyButton } from '../../ui/busy-button';

export interface PaymentConfirmationBannerProps {
  state: 'waiting' | 'unconfirmed' | 'checking';
  t: Translate;
  onCheck: () => void;
}

export function PaymentConfirmationBanner({ state, t, onCheck }: PaymentConfirmationBannerProps) {
  const box = useRef<HTMLElement>(null);
  // A layout effect: its clean-up runs before the banner leaves the page, while it still has focus.
  useLayoutEffect(() => {
    const element = box.current;
    return () => {
      // The outcome replaced the banner while its button had focus: the page's heading takes it,
      // so focus is not dropped to the body.
      if (element && element.contains(document.activeElement)) {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) {
          heading.tabIndex = -1;
          heading.focus();
        }
      }
    };
  }, []);
  const waiting = state === 'waiting';
  return (
    <section
      ref={box}
      className="ef-dash-payment"
      aria-labelledby="payment-confirmation-heading"
      aria-busy={state !== 'unconfirmed'}
    >
      <h2 id="payment-confirmation-heading" className="ef-dash-payment__heading">
        {t(waiting ? 'payment.confirming' : 'payment.unconfirmedHeading')}
      </h2>
      <p role="status" className="ef-dash-payment__text">
        {waiting ? null : t('payment.unconfirmed')}
      </p>
      {waiting ? null : (
        <BusyButton
          type="button"
          className="ef-button ef-button--primary"
          busy={state === 'checking'}
          onClick={onCheck}
        >
          {t('payment.checkAgain')}
        </BusyButton>
      )}
    </section>
  );
}
