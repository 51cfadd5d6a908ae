// 'Courses for you' (part 2 §2 "Course carousel"): the offered courses, purchased or with their fee,
// View Course and Register Now. The anchor courseCardSection is where the banners scroll to.
import { formatInr } from '../../../domain/fees';
import { reducedMotion } from '../../../ui/motion';
import type { DashboardBlockComponent } from '../portal-context';
import { ScrollRow } from './carousel';

export const COURSE_SECTION_ID = 'courseCardSection';

/** Scrolls `element` to `offset` px below the top of the window and focuses it (no second scroll). */
export function scrollToAndFocus(element: HTMLElement, offset: number): void {
  window.scrollTo({
    top: element.getBoundingClientRect().top + window.scrollY - offset,
    behavior: reducedMotion() ? 'auto' : 'smooth',
  });
  element.focus({ preventScroll: true });
}

/** To this section: 150 px below the top up to 992 px wide, else 180 (part 2 §9). */
export function scrollToCourses(): void {
  const section = document.getElementById(COURSE_SECTION_ID);
  if (section) scrollToAndFocus(section, window.innerWidth <= 992 ? 150 : 180);
}

export const CourseSection: DashboardBlockComponent = ({ context }) => {
  const { t, courses, coursesLoading, actions, facts } = context;
  const list = courses?.data ?? [];
  return (
    <section
      id={COURSE_SECTION_ID}
      className="ef-section ef-dash-courses"
      aria-labelledby="courses-heading"
      tabIndex={-1}
    >
      <h2 id="courses-heading">{t('portal.courses.heading')}</h2>
      {coursesLoading ? (
        <p role="status">{t('portal.courses.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('portal.courses.empty')}</p>
      ) : (
        <ScrollRow
          label={t('portal.courses.heading')}
          step={200}
          previous={t('portal.courses.previous')}
          next={t('portal.courses.next')}
        >
          {list.map((course) => (
            <li key={course.product_id} className="ef-dash-course">
              <p className="ef-dash-note">
                {course.course_category} · {t('portal.courses.class', { class: course.class })}
              </p>
              <h3>{course.product_title}</h3>
              {course.purchased ? (
                <>
                  <p className="ef-dash-purchased">{t('portal.courses.purchased')}</p>
                  {/* The digital-only branch has no branch to visit: its team gets in touch. */}
                  <p className="ef-dash-note">
                    {t(facts.digitalOnly ? 'portal.teamContact' : 'portal.courses.branchNote')}
                  </p>
                </>
              ) : (
                <>
                  <p>
                    {course.fee_label}: <strong>₹{formatInr(course.registration_fees)}</strong>
                  </p>
                  <p className="ef-dash-fast">{t('portal.courses.fillingFast')}</p>
                </>
              )}
              <div className="ef-dash-actions">
                <button
                  type="button"
                  className="ef-button ef-button--secondary"
                  onClick={() => actions.openCourse(course.product_id, 'description')}
                >
                  {t('portal.courses.view')}
                  <span className="ef-visually-hidden">: {course.product_title}</span>
                </button>
                {course.purchased ? null : (
                  <button
                    type="button"
                    className="ef-button"
                    onClick={() => actions.openCourse(course.product_id, 'checkout')}
                  >
                    {t('portal.courses.register')}
                    <span className="ef-visually-hidden">: {course.product_title}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ScrollRow>
      )}
    </section>
  );
};
