// The dashboard FAQ (part 2 §2 "FAQ accordion"): the programme's own, or the admissions FAQ once
// the exam is taken. Answers may hold HTML: it is sanitised with DOMPurify before it is shown.
import { safeHtml } from '../../../ui/safe-html';
import type { DashboardBlockComponent } from '../portal-context';

/** Formatting, links, and a video or PDF from the own origin only (src/ui/safe-html.ts). */
export const sanitize = safeHtml;

export const DashboardFaq: DashboardBlockComponent = ({ context }) => {
  const { t, data, config } = context;
  const items = data.exam_taken ? config.site.admissionsFaq : config.programme.dashboard.faq;
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
                  <li key={k} dangerouslySetInnerHTML={{ __html: sanitize(point) }} />
                ))}
              </ul>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
};
