// The dashboard FAQ (part 2 §2 "FAQ accordion"): the programme's own, or the admissions FAQ once
// the exam is taken (unless the block's admissionsFaq is false: MOCK-JEE keeps its mock-test FAQ).
// Answers may hold HTML, shown as it is: the config is validated before it is served, and
// validation refuses any answer the one sanitising rule would change (src/engine/node/config-html.ts),
// so the dashboard loads no DOMPurify for it.
import { withScheduleWords } from '../../../domain/exam-window';
import { withScholarshipWords } from '../../../domain/scholarship-words';
import { holds, visibleBlocks } from '../dashboard-facts';
import type { DashboardBlockComponent } from '../portal-context';

export const DashboardFaq: DashboardBlockComponent = ({ block, context }) => {
  const { t, data, config, facts } = context;
  const admissions = data.exam_taken && block.admissionsFaq !== false;
  // An answer that points to a block (e.g. 'Courses for you') only where the dashboard shows it,
  // one about 'your scholarship' only to a student who has one, and one with conditions (the
  // blocks' own: e.g. no branch advice at the digital-only branch, no "pay the registration fee"
  // once a course is bought) only where they hold (decision 043).
  const shown = new Set(visibleBlocks(config.programme.dashboard.blocks, facts).map((b) => b.type));
  const items = (admissions ? config.site.admissionsFaq : config.programme.dashboard.faq).filter(
    (item) =>
      (!item.withBlock || shown.has(item.withBlock)) &&
      (!item.withScholarship || facts.hasScholarship) &&
      holds(item.when, facts),
  );
  // {opensAt}, {closesAt} and {startBy} are the programme's slot, as the exam card says them;
  // {validityDays}, {repeaterMaxPercent} … its scholarship rules, as the scoring applies them.
  const words = (text: string) =>
    withScholarshipWords(withScheduleWords(text, config.programme.schedule), config.programme.scholarship);
  if (items.length === 0) return null;
  return (
    <section className="ef-section ef-faq" aria-labelledby="dash-faq-heading">
      <h2 id="dash-faq-heading">{t('faq.heading')}</h2>
      <div className="ef-faq__items">
        {items.map((item, i) => (
          <details key={item.id} className="ef-faq__item" open={i === 0}>
            <summary className="ef-faq__question">{item.heading}</summary>
            <div className="ef-faq__answer">
              {item.subHeading ? <p className="ef-faq__sub">{item.subHeading}</p> : null}
              <ul>
                {item.points.map((point, k) => (
                  <li key={k} dangerouslySetInnerHTML={{ __html: words(point) }} />
                ))}
              </ul>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
};
