// The thank-you of the registration card (step 5): the roll number to copy, the dob password and
// the exam booked. It loads with steps 2 to 5 (form-steps.tsx): the card reaches it only after them.
import { showDob, showExamDate } from '../../domain/dates';
import type { StepViewProps } from './card-state';

export function SuccessStep({ parts, actors, t, locale }: StepViewProps) {
  const { context } = parts;
  const result = context.result;
  // As the date select said it: the chosen option's label, else the same rule ('' hides the row).
  const examDate = !result?.examDate
    ? ''
    : context.exam.date?.value === result.examDate
      ? context.exam.date.label
      : showExamDate(result.examDate, locale);
  return (
    <>
      <dl className="ef-register__result">
        <dt>{t('registration.rollNumber')}</dt>
        <dd>
          <span className="ef-register__roll">{result?.rollNumber}</span>{' '}
          <button
            type="button"
            className="ef-button ef-button--link"
            onClick={() => actors.success?.send({ type: 'rollNumber.copy' })}
            disabled={!parts.success?.can({ type: 'rollNumber.copy' })}
          >
            {t('registration.copy')}
          </button>
        </dd>
        <dt>{t('registration.password')}</dt>
        <dd>{result ? showDob(result.dob) : null}</dd>
        {examDate ? (
          <>
            <dt>{t('registration.examDate')}</dt>
            <dd>{examDate}</dd>
          </>
        ) : null}
        {result?.examSlot ? (
          <>
            <dt>{t('registration.examSlot')}</dt>
            <dd>{result.examSlot}</dd>
          </>
        ) : null}
        {result?.centre ? (
          <>
            <dt>{t('registration.examCentre')}</dt>
            <dd>{result.centre}</dd>
          </>
        ) : null}
      </dl>
      <button
        type="button"
        className="ef-button ef-button--primary"
        onClick={() => actors.success?.send({ type: 'dashboard.open' })}
      >
        {t('registration.goToDashboard')}
      </button>
    </>
  );
}
