// The thank-you of the registration card (step 5): the roll number to copy, the dob password and
// the exam booked, with its schedule as the signup answered it (the server's: a series' tests and
// their dates, the slot's hours, the reporting time). It loads with steps 2 to 5 (form-steps.tsx):
// the card reaches it only after them.
import type { Translate } from '../../engine/i18n';
import type { RegistrationSchedule } from '../../generated/api/registration-signup';
import { showDob, showExamDate, showTime } from '../../domain/dates';
import type { StepViewProps } from './card-state';

/** The schedule's rows: the words of the page's locale for the server's dates and times. */
function ScheduleRows({
  schedule,
  slotShown,
  t,
  locale,
}: {
  schedule: RegistrationSchedule;
  /** The chosen slot's label is shown: it names the hours already. */
  slotShown: boolean;
  t: Translate;
  locale: string;
}) {
  const tests = schedule.tests ?? [];
  // A time is never split across lines (no "01:20" at a line's end and "PM" on the next).
  const time = (hhmm: string) => showTime(hhmm, locale).replace(/ /g, '\u00a0');
  return (
    <>
      {tests.length > 0 ? (
        <>
          <dt>{t('registration.tests')}</dt>
          <dd className="ef-register__wide">
            <ul className="ef-register__tests">
              {tests.map((test) => (
                <li key={test.number}>
                  {t('registration.seriesTest', {
                    number: test.number,
                    date: showExamDate(test.date, locale),
                  })}
                </li>
              ))}
            </ul>
          </dd>
          {schedule.open_hours ? (
            <>
              <dt>{t('registration.testTimings')}</dt>
              <dd className="ef-register__wide">
                {t('registration.seriesWindow', {
                  time: time(schedule.opens_at),
                  hours: schedule.open_hours,
                })}
              </dd>
            </>
          ) : null}
        </>
      ) : schedule.closes_at && !slotShown ? (
        <>
          <dt>{t('registration.examTime')}</dt>
          <dd>
            {t('registration.timeRange', { start: time(schedule.opens_at), end: time(schedule.closes_at) })}
          </dd>
        </>
      ) : null}
      {schedule.report_at ? (
        <>
          <dt>{t('registration.reportingTime')}</dt>
          <dd>{t('registration.reportBy', { time: time(schedule.report_at) })}</dd>
        </>
      ) : null}
    </>
  );
}

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
        {result?.schedule ? (
          <ScheduleRows
            schedule={result.schedule}
            slotShown={Boolean(result.examSlot)}
            t={t}
            locale={locale}
          />
        ) : null}
        {/* An online test is taken at home: the result names no centre for it (the signup step). */}
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
