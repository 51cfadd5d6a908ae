// A horizontal list with Previous / Next buttons that scroll it by a fixed step (part 2 §9: courses
// 200 px, branches 300 px). The list itself scrolls by touch and keyboard too. The buttons show
// only while the list is wider than its box: with every card in view there is nothing to scroll.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { reducedMotion } from '../../../ui/motion';

export function ScrollRow({
  label,
  step,
  previous,
  next,
  children,
}: {
  label: string;
  step: number;
  previous: string;
  next: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    // Half a pixel of rounding is not something to scroll.
    const measure = () => setOverflows(element.scrollWidth - element.clientWidth > 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const item of element.children) observer.observe(item);
    return () => observer.disconnect();
  }, [children]);
  const scroll = (by: number) => {
    list.current?.scrollBy({ left: by, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };
  return (
    <div className="ef-dash-row">
      {overflows ? (
        <button
          type="button"
          className="ef-dash-row__nav"
          aria-label={previous}
          onClick={() => scroll(-step)}
        >
          ‹
        </button>
      ) : null}
      <ul ref={list} className="ef-dash-row__list" aria-label={label} tabIndex={0}>
        {children}
      </ul>
      {overflows ? (
        <button type="button" className="ef-dash-row__nav" aria-label={next} onClick={() => scroll(step)}>
          ›
        </button>
      ) : null}
    </div>
  );
}
