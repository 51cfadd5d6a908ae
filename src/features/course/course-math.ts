// Math in a course's text (part 2 §2 "Content with math markup is rendered as math"): \( … \) and
// $ … $ inline, \[ … \] and $$ … $$ as display. KaTeX (and its stylesheet and fonts) loads only for
// a text that has math, so a course without any never downloads it.
import 'katex/dist/katex.min.css';
import katex from 'katex';

const MATH = /\\\((.+?)\\\)|\\\[(.+?)\\\]|\$\$(.+?)\$\$|\$(.+?)\$/gs;

/** The text as HTML: plain parts escaped, math parts typeset (a bad formula shows as its source). */
export function renderMath(text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  let html = '';
  let last = 0;
  for (const match of text.matchAll(MATH)) {
    const index = match.index;
    html += escape(text.slice(last, index));
    const display = match[2] !== undefined || match[3] !== undefined;
    const formula = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    html += katex.renderToString(formula, {
      displayMode: display,
      throwOnError: false,
      output: 'htmlAndMathml',
    });
    last = index + match[0].length;
  }
  return html + escape(text.slice(last));
}
