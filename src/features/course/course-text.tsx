// A course's text, with its math typeset when it has any (KaTeX is a lazy import: course-math.ts).
import { useEffect, useState } from 'react';

/** A text has math markup: \( \), \[ \] or $ … $. */
export const hasMath = (text: string): boolean => /\\\(|\\\[|\$[^$\s][^$]*\$/.test(text);

export function CourseText({ text, as: Tag = 'p' }: { text: string; as?: 'p' | 'li' | 'span' }) {
  const math = hasMath(text);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!math) return;
    let live = true;
    import('./course-math').then(
      ({ renderMath }) => live && setHtml(renderMath(text)),
      // Without KaTeX the source text stays readable.
      (error: unknown) => console.error('Math rendering failed', error),
    );
    return () => {
      live = false;
    };
  }, [math, text]);
  // KaTeX escapes the text around the formulas and builds the formulas' markup itself.
  if (html !== null) return <Tag dangerouslySetInnerHTML={{ __html: html }} />;
  return <Tag>{text}</Tag>;
}
