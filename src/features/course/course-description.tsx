// The course description (part 2 §2 "Course description screen"): the title (a sticky header once
// the page scrolls past the §9 thresholds), highlights, description, 'COURSE FEATURES', the
// optional 'Course Content' block with 'Course details' (course_detail.pdf) and the fee panel with
// the proceed button. Math in the texts is typeset (CourseText).
import { useEffect, useState } from 'react';
import type { Translate } from '../../engine/i18n';
import type { CourseItem } from '../../generated/api/course-list';
import { CourseText } from './course-text';
import { FeeBreakup } from './fee-breakup';
import './course.css';

export interface CourseDescriptionProps {
  course: CourseItem;
  t: Translate;
  digitalOnly: boolean;
  paying: boolean;
  onBack: () => void;
  onProceed: () => void;
  onToggleFee: (open: boolean) => void;
  onDownloadContent: (href: string) => void;
}

/** Part 2 §9: 100 px (desktop) or 90 px (mobile) before a purchase, 160 or 165 after. */
export function stickyThreshold(purchased: boolean, mobile: boolean): number {
  if (purchased) return mobile ? 165 : 160;
  return mobile ? 90 : 100;
}

function useSticky(purchased: boolean): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const update = () => {
      const mobile = window.matchMedia('(max-width: 768px)').matches;
      setSticky(window.scrollY > stickyThreshold(purchased, mobile));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [purchased]);
  return sticky;
}

export function CourseDescription(props: CourseDescriptionProps) {
  const { course, t, digitalOnly, paying, onBack, onProceed, onToggleFee, onDownloadContent } = props;
  const sticky = useSticky(course.purchased === 1);
  return (
    <div className="ef-course">
      <header className={sticky ? 'ef-course__head ef-course__head--sticky' : 'ef-course__head'}>
        <button type="button" className="ef-course__back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('course.back')}
        </button>
        <h1 id="course-title">{course.product_title}</h1>
      </header>
      <div className="ef-course__layout">
        <article className="ef-course__body" aria-labelledby="course-title">
          <p className="ef-course__meta">
            {course.course_category} · {t('course.term', { term: course.product_course_term })}
            {course.purchased ? (
              <>
                {' '}
                · <strong className="ef-dash-purchased">{t('course.purchased')}</strong>
              </>
            ) : null}
          </p>
          <section aria-labelledby="course-highlights">
            <h2 id="course-highlights">{t('course.highlights')}</h2>
            <CourseText text={course.course_highlights} />
          </section>
          <section aria-labelledby="course-about">
            <h2 id="course-about">{t('course.description')}</h2>
            <CourseText text={course.course_description} />
          </section>
          {course.course_feature.length > 0 ? (
            <section aria-labelledby="course-features">
              <h2 id="course-features">{t('course.features')}</h2>
              <ul className="ef-course__features">
                {course.course_feature.map((feature) => (
                  <CourseText key={feature} as="li" text={feature} />
                ))}
              </ul>
            </section>
          ) : null}
          {course.course_content_cta ? (
            <section aria-labelledby="course-content" className="ef-course__content">
              <h2 id="course-content">{t('course.content')}</h2>
              <button
                type="button"
                className="ef-button ef-button--secondary"
                onClick={() => onDownloadContent(course.course_content_cta ?? '')}
              >
                {t('course.contentDetails')}
              </button>
            </section>
          ) : null}
        </article>
        <FeeBreakup
          course={course}
          t={t}
          digitalOnly={digitalOnly}
          paying={paying}
          proceedLabel={t('course.fee.proceed')}
          onProceed={onProceed}
          onToggle={onToggleFee}
        />
      </div>
    </div>
  );
}
