// The result / scholarship banner (part 2 §2): greeting, the scholarship ('Applied {percent}%
// {scholarship_msg}' only when the percent is not 0), else the message or a thank-you; after a
// course purchase the welcome message; above the programme's offline-test threshold, the offline
// test and its last day (part 1 §9); the PSID ('NA' when missing), the prospectus and terms.
import { showExamDate } from '../../../domain/dates';
import type { DashboardBlockComponent } from '../portal-context';

export const ResultBanner: DashboardBlockComponent = ({ context }) => {
  const { t, data, actions, result, config } = context;
  const flags = data.course_flags;
  const percent = data.scholarship_percentage.trim();
  const hasScholarship = percent !== '' && Number(percent) !== 0;
  const purchased = context.facts.coursePurchased;
  const score = result?.overall_percentage || data.overall_percentage;
  return (
    <section className="ef-dash-card ef-dash-banner" aria-labelledby="result-banner-heading">
      <h2 id="result-banner-heading">
        {purchased
          ? t('portal.result.welcome', { name: data.student_name })
          : hasScholarship
            ? t('portal.result.heading')
            : t('portal.result.headingNoScholarship')}
      </h2>
      {purchased && flags.scholarship_course_purchased_msg ? (
        <p>{flags.scholarship_course_purchased_msg}</p>
      ) : null}
      {score ? <p className="ef-dash-score">{t('portal.result.score', { score })}</p> : null}
      {hasScholarship ? (
        <p className="ef-dash-scholarship">
          {t('portal.result.applied', { percent, message: data.scholarship_msg })}
        </p>
      ) : (
        <p>{data.scholarship_msg || t('portal.result.thanks')}</p>
      )}
      {hasScholarship && data.scholarship_offline_test_by ? (
        <p className="ef-dash-next-step">
          {t(data.digital_only ? 'result.offlineTestDigital' : 'result.offlineTest', {
            percent,
            date: showExamDate(data.scholarship_offline_test_by, config.locale),
          })}
        </p>
      ) : null}
      <p>
        {t('portal.result.psid')} <strong>{data.student_psid || 'NA'}</strong>
      </p>
      <div className="ef-dash-actions">
        {flags.iacst_download_prosp ? (
          <button
            type="button"
            className="ef-button ef-button--secondary"
            onClick={() => actions.downloadProspectus()}
          >
            {t('portal.result.prospectus')}
          </button>
        ) : null}
        {flags.term_condition_link ? <a href={flags.term_condition_link}>{t('portal.terms')}</a> : null}
      </div>
    </section>
  );
};
