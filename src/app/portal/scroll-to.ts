// Scrolling a portal view to one of its parts, which then takes the focus: smooth, unless the
// student asked for less motion.
import { COURSE_SECTION_ID } from '../../features/dashboard/blocks/course-section';
import { reducedMotion } from '../../ui/motion';

/** Scrolls `element` to `offset` px below the top of the window and focuses it (no second scroll). */
export function scrollToAndFocus(element: HTMLElement, offset: number): void {
  window.scrollTo({
    top: element.getBoundingClientRect().top + window.scrollY - offset,
    behavior: reducedMotion() ? 'auto' : 'smooth',
  });
  element.focus({ preventScroll: true });
}

/** The dashboard's courses: 150 px below the top up to 992 px wide, else 180 (part 2 §9). */
export function scrollToCourses(): void {
  const section = document.getElementById(COURSE_SECTION_ID);
  if (section) scrollToAndFocus(section, window.innerWidth <= 992 ? 150 : 180);
}
