// The main exam card (part 2 §2 "Main exam card", §4 "Main card button states"): greeting, date,
// timings, duration, admit card, offline centre, help line, the start / result button and terms.
// An absent student sees the missed-test message; a submitted test awaiting its result sees the
// result-awaited card.
import type { MainExamCard as Card } from '../../../generated/api/dashboard';
import { telHref } from '../../../domain/phone';
import { mainLaunchKey } from '../../../machines/test-launch-machine';
import { timeOfDay } from '../dashboard-facts';
import { showExamDate } from '../../../domain/dates';
import { LaunchNotice } from './mock-jee-parts';
import type { DashboardBlockComponent, PortalContext } from '../portal-context';

export function Greeting({ context, name }: { context: PortalContext; name: string }) {
  const { t, now } = context;
  const first = name.split(' ')[0] ?? name;
  return <p className="ef-dash-greeting">{t(`portal.greeting.${timeOfDay(now)}`, { name: first })}</p>;
}

function HelpLine({ context, phone }: { context: PortalContext; phone: string }) {
  return (
    <p className="ef-dash-help">
      {context.t('portal.needHelp')} <a href={telHref(phone)}>{context.t('portal.callNow', { phone })}</a>
    </p>
  );
}

function TermsLink({ context }: { context: PortalContext }) {
  const href = context.data.course_flags.term_condition_link;
  return href ? (
    <p className="ef-dash-terms">
      <a href={href}>{context.t('portal.terms')}</a>
    </p>
  ) : null;
}

function ResultAwaited({ card, context }: { card: Card; context: PortalContext }) {
  const { t, data } = context;
  return (
    <section className="ef-dash-card" aria-labelledby="main-exam-heading">
      <h2 id="main-exam-heading">
        {t('portal.resultAwaited.heading', { name: data.student_name.split(' ')[0] ?? '' })}
      </h2>
      <p>{t('portal.resultAwaited.expected', { date: card.result_expected_date })}</p>
      <button type="button" className="ef-button" disabled aria-describedby="main-exam-why">
        {card.report_text || card.exam_button_text}
      </button>
      <p id="main-exam-why" className="ef-why">
        {t('portal.resultAwaited.why')}
      </p>
      <HelpLine context={context} phone={card.exam_help_line} />
      <TermsLink context={context} />
    </section>
  );
}

function ExamButton({ card, context }: { card: Card; context: PortalContext }) {
  const { t, actions, launch } = context;
  const enabled = card.exam_button_enabled === 1;
  if (enabled && card.exam_button_link)
    return (
      <a className="ef-button" href={card.exam_button_link}>
        {card.exam_button_text}
      </a>
    );
  const busy = launch.busy && launch.code === mainLaunchKey(card.test_short_code);
  return (
    <>
      <button
        type="button"
        className="ef-button"
        disabled={!enabled || launch.busy}
        aria-busy={busy || undefined}
        aria-describedby={enabled ? undefined : 'main-exam-why'}
        onClick={() => actions.startMainExam()}
      >
        {busy ? t('testLaunch.opening') : card.exam_button_text}
      </button>
      {/* An absent student's reason is the missed-test message above: said once. */}
      {enabled || card.absent === 1 ? null : (
        <p id="main-exam-why" className="ef-why">
          {card.card_description}
        </p>
      )}
    </>
  );
}

export const MainExamCard: DashboardBlockComponent = ({ context }) => {
  const { t, data, actions, editExam, config, facts } = context;
  const card = data.main_exam[0];
  if (!card) return null;
  // By the card's state (decision 026); result_expected_date is the words of its date.
  if (card.exam_data.state === 'awaited') return <ResultAwaited card={card} context={context} />;
  const offline = card.exam_mode === 'Offline';
  return (
    <section className="ef-dash-card ef-dash-exam" aria-labelledby="main-exam-heading">
      <Greeting context={context} name={data.student_name} />
      <h2 id="main-exam-heading">{card.card_title}</h2>
      {card.absent === 1 ? (
        <p id="main-exam-why" className="ef-dash-alert" role="note">
          {/* The digital-only branch has no branch to visit: the support number alone. */}
          {t(facts.digitalOnly ? 'portal.absentDigital' : 'portal.absent')}
        </p>
      ) : null}
      <dl className="ef-dash-facts">
        <div>
          <dt>{t('portal.exam.date')}</dt>
          <dd>{card.exam_date}</dd>
        </div>
        <div>
          <dt>{t('portal.exam.timings')}</dt>
          <dd>{card.exam_time}</dd>
        </div>
        <div>
          <dt>{t('portal.exam.duration')}</dt>
          <dd>{card.exam_duration}</dd>
        </div>
        <div>
          <dt>{t('portal.exam.mode')}</dt>
          {/* A code on the wire, worded in the page's language (decision 026). */}
          <dd>{t(offline ? 'editExam.offline' : 'editExam.online')}</dd>
        </div>
        {offline && card.center_address ? (
          <div className="ef-dash-facts__wide">
            <dt>{t('portal.exam.centre')}</dt>
            <dd>
              {card.center_address}{' '}
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(card.center_address)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('portal.exam.viewOnMap')}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {/* One admit-card line, as the server dates it: ready (the link), to come (from when), or
          nothing (an online exam, or one that is over). */}
      {card.is_admit_card_available === 1 && card.admit_card_url ? (
        <p>
          <a href={card.admit_card_url} target="_blank" rel="noopener noreferrer">
            {t('portal.exam.admitCard')}
          </a>
        </p>
      ) : card.admit_card_from ? (
        <p className="ef-dash-note">
          {t('portal.exam.admitCardLater', {
            days: String(config.programme.windows.admitCardDaysBefore ?? ''),
            date: showExamDate(card.admit_card_from, config.locale),
          })}
        </p>
      ) : null}
      {card.card_description && card.exam_button_enabled === 1 ? <p>{card.card_description}</p> : null}
      <div className="ef-dash-actions">
        <ExamButton card={card} context={context} />
        {editExam === 'hidden' ? null : (
          <button
            type="button"
            className="ef-button ef-button--secondary"
            disabled={editExam !== 'enabled'}
            aria-busy={editExam === 'pending' || undefined}
            aria-describedby={editExam === 'disabled' ? 'edit-exam-why' : undefined}
            onClick={() => actions.openEditExam()}
          >
            {t('portal.editExam')}
          </button>
        )}
      </div>
      {editExam === 'disabled' ? (
        <p id="edit-exam-why" className="ef-why">
          {t('portal.editExamClosed')}
        </p>
      ) : null}
      <LaunchNotice context={context} launchedKey={mainLaunchKey(card.test_short_code)} result={false} />
      <HelpLine context={context} phone={card.exam_help_line} />
      <TermsLink context={context} />
    </section>
  );
};
