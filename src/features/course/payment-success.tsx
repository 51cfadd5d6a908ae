// The payment-success page (part 2 §2 "Payment-success page"): 'Payment Successful!', the order id,
// the confirmation note, and, for every branch but the digital-only one, the branch advice and the
// nearest branch. Shown only when the server recorded the order as paid.
import type { Translate } from '../../engine/i18n';
import type { Branch } from '../../generated/api/branch-list';
import './course.css';

export interface PaymentSuccessProps {
  t: Translate;
  orderId: string;
  digitalOnly: boolean;
  /** The first of the student's branch's centres (null while it loads or when there is none). */
  branch: Branch | null;
  dashboardHref: string;
  onNavigate: (href: string) => void;
}

export function PaymentSuccess({
  t,
  orderId,
  digitalOnly,
  branch,
  dashboardHref,
  onNavigate,
}: PaymentSuccessProps) {
  return (
    <div className="ef-course ef-success">
      <section className="ef-success__card" aria-labelledby="success-heading">
        <p className="ef-success__tick" aria-hidden="true">
          ✓
        </p>
        <h1 id="success-heading">{t('course.success.heading')}</h1>
        <p>{t('course.success.order', { order: orderId })}</p>
        <p>{t('course.success.note')}</p>
        {digitalOnly ? null : (
          <>
            <p className="ef-success__branch">{t('course.success.branch')}</p>
            {branch ? (
              <section aria-labelledby="nearest-branch" className="ef-success__nearest">
                <h2 id="nearest-branch">{t('course.success.nearest')}</h2>
                <p>
                  <strong>{branch.center_label}</strong>
                </p>
                <p>{branch.address}</p>
                <p>
                  {branch.contact_numbers
                    .filter(Boolean)
                    .slice(0, 2)
                    .map((phone) => (
                      <a
                        key={phone}
                        href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                        className="ef-success__phone"
                      >
                        {phone}
                      </a>
                    ))}
                </p>
                <p>
                  <a href={branch.location_url} target="_blank" rel="noreferrer">
                    {t('course.success.map')}
                  </a>
                </p>
              </section>
            ) : null}
          </>
        )}
        <a
          className="ef-button"
          href={dashboardHref}
          onClick={(event) => {
            event.preventDefault();
            onNavigate(dashboardHref);
          }}
        >
          {t('course.success.continue')}
        </a>
      </section>
    </div>
  );
}
