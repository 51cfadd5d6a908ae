// The checkout (part 2 §2 "Checkout screen"): breadcrumb Dashboard > Course (only when the
// description led here) > Checkout, the back arrow, the contact details (read-only, masked; a
// missing last name shows '.'), the address form with the terms checkbox, the payment method, and
// the fee panel whose button submits the form. What it shows is the purchase machine's view.
import { messageText } from '../../machines/message';
import { lazy, Suspense } from 'react';
import {
  displayLastName,
  maskCheckoutEmail,
  maskCheckoutMobile,
  type CheckoutField,
} from '../../domain/checkout';
import { formatInr } from '../../domain/fees';
import type { Translate } from '../../engine/i18n';
import type { CourseItem } from '../../generated/api/course-list';
import type { CoursePurchaseView } from './course-purchase-view';
import { FeeBreakup } from './fee-breakup';
import './course.css';

const CheckoutForm = lazy(() => import('./checkout-form'));

export const CHECKOUT_FORM_ID = 'checkout-form';

/** The checkout's pay button the student sees (the fee panel's, or the phone's fee bar's). */
export const shownPayButton = (): HTMLButtonElement | null =>
  [...document.querySelectorAll<HTMLButtonElement>(`button[form="${CHECKOUT_FORM_ID}"]`)].find(
    (button) => button.getClientRects().length > 0,
  ) ?? null;

export interface CheckoutContact {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
}

export interface CheckoutScreenProps {
  course: CourseItem;
  view: CoursePurchaseView;
  contact: CheckoutContact;
  t: Translate;
  locale: string;
  digitalOnly: boolean;
  states: readonly string[];
  termsLink: string;
  /** The payment method's label (hdfc, or the centre's 'others' option). */
  paymentMethodLabel: string;
  lookingUp: boolean;
  dashboardHref: string;
  courseHref: string;
  onNavigate: (href: string) => void;
  onBack: () => void;
  onChange: (field: CheckoutField, value: string | boolean) => void;
  onSubmit: () => void;
  onToggleFee: (open: boolean) => void;
}

export function CheckoutScreen(props: CheckoutScreenProps) {
  const { course, view, contact, t, digitalOnly, paymentMethodLabel } = props;
  const link = (href: string, label: string) => (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        props.onNavigate(href);
      }}
    >
      {label}
    </a>
  );
  return (
    <div className="ef-course ef-checkout">
      <nav aria-label={t('course.checkout.breadcrumb')} className="ef-breadcrumb">
        <ol>
          <li>{link(props.dashboardHref, t('course.checkout.dashboard'))}</li>
          {view.fromDescription ? <li>{link(props.courseHref, t('course.checkout.course'))}</li> : null}
          <li aria-current="page">{t('course.checkout.heading')}</li>
        </ol>
      </nav>
      <header className="ef-course__head">
        <button type="button" className="ef-course__back" onClick={props.onBack}>
          <span aria-hidden="true">←</span> {t('course.back')}
        </button>
        <h1>{t('course.checkout.heading')}</h1>
      </header>
      <div className="ef-course__layout">
        <div className="ef-course__body">
          <p className="ef-course__meta">
            <strong>{course.product_title}</strong> · {t('course.term', { term: course.product_course_term })}
          </p>
          <section aria-labelledby="checkout-contact" className="ef-checkout__section">
            <h2 id="checkout-contact">{t('course.checkout.contact')}</h2>
            <dl className="ef-checkout__contact">
              <div>
                <dt>{t('course.checkout.firstName')}</dt>
                <dd>{contact.firstName}</dd>
              </div>
              <div>
                <dt>{t('course.checkout.lastName')}</dt>
                <dd>{displayLastName(contact.lastName)}</dd>
              </div>
              <div>
                <dt>{t('course.checkout.mobile')}</dt>
                <dd>{maskCheckoutMobile(contact.mobile)}</dd>
              </div>
              <div>
                <dt>{t('course.checkout.email')}</dt>
                <dd>{maskCheckoutEmail(contact.email)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="checkout-address" className="ef-checkout__section">
            <h2 id="checkout-address">{t('course.checkout.address')}</h2>
            <Suspense fallback={<p role="status">{t('course.checkout.formLoading')}</p>}>
              <CheckoutForm
                id={CHECKOUT_FORM_ID}
                t={t}
                locale={props.locale}
                fields={view.fields}
                errors={view.errors}
                states={props.states}
                termsLink={props.termsLink}
                disabled={view.paying}
                onChange={props.onChange}
                onSubmit={props.onSubmit}
              >
                {props.lookingUp ? (
                  <p role="status" className="ef-dash-note">
                    {t('course.checkout.lookingUp')}
                  </p>
                ) : null}
                <p className="ef-checkout__method">
                  {t('course.checkout.paymentMethod', { method: paymentMethodLabel })}
                </p>
                {view.orderError ? (
                  <p role="alert" className="ef-checkout__order-error">
                    {messageText(t, view.orderError)}
                  </p>
                ) : null}
              </CheckoutForm>
            </Suspense>
          </section>
        </div>
        <FeeBreakup
          course={course}
          t={t}
          digitalOnly={digitalOnly}
          paying={view.paying}
          proceedLabel={t('course.fee.payAmount', { amount: formatInr(course.registration_fees) })}
          onProceed={props.onSubmit}
          onToggle={props.onToggleFee}
          formId={CHECKOUT_FORM_ID}
        />
      </div>
    </div>
  );
}
