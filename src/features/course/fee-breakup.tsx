// The fee-breakup panel (part 2 §2 "Fee-breakup panel"): each component with its value and, where a
// scholarship lowered it, the struck list price; the total, the savings and the policy line. On a
// desktop it sits inline beside the course; up to 992 px it is a fixed bottom bar whose button opens
// it as a dialog (bottom-anchored at 575 px or less, the modal's own rule). The amounts are the
// server's (src/domain/fees.ts on both sides); this only shows them with Indian digit grouping.
import { useEffect, useState } from 'react';
import { formatInr } from '../../domain/fees';
import type { Translate } from '../../engine/i18n';
import type { CourseItem } from '../../generated/api/course-list';
import { BusyButton } from '../../ui/busy-button';
import { Modal } from '../../ui/modal/modal';
import './course.css';

export interface FeeBreakupProps {
  course: CourseItem;
  t: Translate;
  digitalOnly: boolean;
  /** The order post or the hand-over to the gateway is under way: the button spins. */
  paying: boolean;
  proceedLabel: string;
  onProceed: () => void;
  /** The panel opened or closed (analytics). */
  onToggle: (open: boolean) => void;
  /** The proceed button submits this form (the checkout) instead of calling onProceed. */
  formId?: string;
}

const NARROW = '(max-width: 992px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

/**
 * The amount line: what is payable now, or for a course the student bought, what they paid (the
 * server's record of their payment): a bought course never offers an amount payable now
 * (decision 043).
 */
function amountLine(course: CourseItem, t: Translate): { label: string; amount: number } | null {
  if (course.purchased !== 1)
    return { label: t('course.fee.payable', { label: course.fee_label }), amount: course.registration_fees };
  return course.amount_paid === null
    ? null
    : { label: t('course.fee.paid', { label: course.fee_label }), amount: course.amount_paid };
}

function Breakup({ course, t, digitalOnly }: Pick<FeeBreakupProps, 'course' | 't' | 'digitalOnly'>) {
  const rows = Object.values(course.price_breakup).filter((row) => row !== undefined);
  const line = amountLine(course, t);
  return (
    <>
      <table className="ef-fee__table">
        <thead>
          <tr>
            <th scope="col">{t('course.fee.component')}</th>
            <th scope="col">{t('course.fee.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.key}</th>
              <td>
                ₹{formatInr(row.value)}
                {row.strike_value !== null ? (
                  <>
                    {' '}
                    <s
                      className="ef-fee__was"
                      aria-label={t('course.fee.was', { amount: formatInr(row.strike_value) })}
                    >
                      ₹{formatInr(row.strike_value)}
                    </s>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('course.fee.total')}</th>
            <td>
              <strong>₹{formatInr(course.total_fee)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {line ? (
        <p className="ef-fee__payable">
          <span>{line.label}</span>
          <strong>₹{formatInr(line.amount)}</strong>
        </p>
      ) : null}
      {course.total_savings > 0 ? (
        <p className="ef-fee__savings">
          {t('course.fee.savings', { amount: formatInr(course.total_savings) })}
        </p>
      ) : null}
      <p className="ef-fee__policy">{t(digitalOnly ? 'course.fee.policyDigital' : 'course.fee.policy')}</p>
    </>
  );
}

function PayButton({
  course,
  t,
  paying,
  proceedLabel,
  onProceed,
  formId,
}: Pick<FeeBreakupProps, 'course' | 't' | 'paying' | 'proceedLabel' | 'onProceed' | 'formId'>) {
  // Once purchased there is nothing to pay: no button.
  if (course.purchased) return <p className="ef-fee__purchased">{t('course.purchased')}</p>;
  return (
    <BusyButton
      type={formId ? 'submit' : 'button'}
      form={formId}
      className="ef-button ef-fee__pay"
      busy={paying}
      onClick={formId ? undefined : onProceed}
    >
      {paying ? (
        <>
          <span className="ef-spinner" aria-hidden="true" /> {t('course.fee.paying')}
        </>
      ) : (
        proceedLabel
      )}
    </BusyButton>
  );
}

export function FeeBreakup(props: FeeBreakupProps) {
  const { course, t, digitalOnly, onToggle } = props;
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  const title = t(digitalOnly ? 'course.fee.titleDigital' : 'course.fee.title');
  const line = amountLine(course, t);
  const toggle = (next: boolean) => {
    setOpen(next);
    onToggle(next);
  };
  if (!narrow)
    return (
      <aside className="ef-fee" aria-labelledby="fee-heading">
        <h2 id="fee-heading">{title}</h2>
        <Breakup course={course} t={t} digitalOnly={digitalOnly} />
        <PayButton {...props} />
      </aside>
    );
  return (
    <>
      <div className="ef-fee-bar" role="region" aria-label={title}>
        <button
          type="button"
          className="ef-fee-bar__show"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => toggle(true)}
        >
          {line ? (
            <>
              <span className="ef-fee-bar__label">{line.label}</span>
              <strong>₹{formatInr(line.amount)}</strong>
            </>
          ) : null}
          <span className="ef-fee-bar__more">{t('course.fee.show')}</span>
        </button>
        <PayButton {...props} />
      </div>
      {open ? (
        <Modal heading={title} closeLabel={t('course.close')} onClose={() => toggle(false)}>
          <Breakup course={course} t={t} digitalOnly={digitalOnly} />
        </Modal>
      ) : null}
    </>
  );
}
