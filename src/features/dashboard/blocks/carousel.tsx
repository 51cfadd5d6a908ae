// A horizontal list with Previous / Next buttons that scroll it by a fixed step (part 2 §9: courses
// 200 px, branches 300 px). The list itself scrolls by touch and keyboard too.
import { useRef, type ReactNode } from 'react';
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
  const scroll = (by: number) => {
    list.current?.scrollBy({ left: by, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };
  return (
    <div className="ef-dash-row">
      <button type="button" className="ef-dash-row__nav" aria-label={previous} onClick={() => scroll(-step)}>
        ‹
      </button>
      <ul ref={list} className="ef-dash-row__list" aria-label={label} tabIndex={0}>
        {children}
      </ul>
      <button type="button" className="ef-dash-row__nav" aria-label={next} onClick={() => scroll(step)}>
        ›
      </button>
    </div>
  );
}
