// The small blocks of part 2 §2: the steps tracker, the fear-of-missing-out banner, the guided
// journey, the test-platform-down notice and the refresh card.
import { holds } from '../dashboard-facts';
import type { DashboardBlockComponent } from '../portal-context';

export const StepsTracker: DashboardBlockComponent = ({ block, context }) => {
  const { t, facts } = context;
  // A step shows where its conditions hold (a branch visit is no step at the digital-only branch).
  const steps = (block.steps ?? []).filter((step) => holds(step.when, facts));
  // A step is done when its facts hold; `false` marks a step the portal cannot see (a branch visit).
  const doneSteps = steps.map((step) => step.activeWhen !== false && holds(step.activeWhen, facts));
  // The step the student is at: the first one not done yet.
  const current = doneSteps.indexOf(false);
  return (
    <div className="ef-dash-steps">
      <ol aria-label={t('portal.steps.label')}>
        {steps.map((step, i) => {
          const done = doneSteps[i] === true;
          const label = facts.examTaken && step.labelAfterExam ? step.labelAfterExam : step.label;
          return (
            <li
              key={i}
              className={done ? 'is-done' : undefined}
              aria-current={i === current ? 'step' : undefined}
            >
              <span className="ef-dash-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              {label}
              <span className="ef-visually-hidden">
                {' '}
                ({done ? t('portal.steps.done') : t('portal.steps.todo')})
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
};

export const FomoBanner: DashboardBlockComponent = ({ context }) => {
  const text = context.data.main_exam[0]?.iacst_fomo_desc;
  return text ? (
    <aside className="ef-dash-fomo" aria-label={context.t('portal.fomo.label')}>
      <p>{text}</p>
    </aside>
  ) : null;
};

export const GuidedJourney: DashboardBlockComponent = ({ context }) => {
  const { t, data, facts, actions } = context;
  const flags = data.course_flags;
  const enabled = flags.enable_my_product_status === 1;
  const bought = context.courses?.data.find((course) => course.purchased === 1);
  return (
    <section className="ef-dash-journey" aria-labelledby="journey-heading">
      <h2 id="journey-heading">{flags.guided_journey_message}</h2>
      {flags.guided_journey_sub_message ? <p>{flags.guided_journey_sub_message}</p> : null}
      {facts.coursePurchased ? (
        enabled ? (
          // The portal's own page of the course bought (its content is there), else the course list;
          // never the provider's pre-admission site (preadmission_url), which examflow does not run.
          <button
            type="button"
            className="ef-button ef-button--secondary"
            onClick={() =>
              bought ? actions.openCourse(bought.product_id, 'description') : actions.scrollToCourses()
            }
          >
            {t('portal.journey.start')}
          </button>
        ) : (
          <>
            <button type="button" className="ef-button" disabled aria-describedby="journey-why">
              {t('portal.journey.start')}
            </button>
            <p id="journey-why" className="ef-why">
              {t('portal.journey.notYet')}
            </p>
          </>
        )
      ) : (
        <button
          type="button"
          className="ef-button ef-button--secondary"
          onClick={() => actions.scrollToCourses()}
        >
          {t('portal.journey.register')}
        </button>
      )}
    </section>
  );
};

export const TestplayerDown: DashboardBlockComponent = ({ context }) => (
  <section className="ef-dash-card ef-dash-notice" aria-labelledby="down-heading">
    <h2 id="down-heading">{context.t('portal.down.heading')}</h2>
    <p>{context.data.static_data.dashboard_msg}</p>
  </section>
);

export const RefreshCard: DashboardBlockComponent = ({ context }) => {
  const { t, actions } = context;
  return (
    <section className="ef-dash-card" aria-labelledby="refresh-heading">
      <h2 id="refresh-heading">{t('portal.refresh.heading')}</h2>
      <p>{t('portal.refresh.text')}</p>
      <div className="ef-dash-actions">
        <button type="button" className="ef-button" onClick={() => actions.refreshDashboard()}>
          {t('portal.refresh.dashboard')}
        </button>
        <button
          type="button"
          className="ef-button ef-button--secondary"
          onClick={() => actions.refreshProfile()}
        >
          {t('portal.refresh.profile')}
        </button>
      </div>
    </section>
  );
};
