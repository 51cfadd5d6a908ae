// A course's text, with its math typeset when it has any (KaTeX is a lazy import: course-math.ts).
import { useEffect, useRef, useState } from 'react';

/** A text has math markup: \( \), \[ \] or $ … $. */
export const hasMath = (text: string): boolean => /\\\(|\\\[|\$[^$\s][^$]*\$/.test(text);

export function CourseText({ text, as: Tag = 'p' }: { text: string; as?: 'p' | 'li' | 'span' }) {
  const math = hasMath(text);
  const [typeset, setTypeset] = useState<{ into: (element: HTMLElement, text: string) => void }>();
  const holder = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!math) return;
    let live = true;
    import('./course-math').then(
      ({ typesetInto }) => live && setTypeset({ into: typesetInto }),
      // Without KaTeX the source text stays readable.
      (error: unknown) => console.error('Math rendering failed', error),
    );
    return () => {
      live = false;
    };
  }, [math, text]);
  // KaTeX builds the formulas' nodes in the holder, whose children React leaves alone.
  useEffect(() => {
    if (typeset && holder.current) typeset.into(holder.current, text);
  }, [typeset, text]);
  return <Tag>{typeset ? <span ref={holder} /> : text}</Tag>;
}
