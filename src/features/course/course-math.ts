// Math in a course's text (part 2 §2 "Content with math markup is rendered as math"): \( … \) and
// $ … $ inline, \[ … \] and $$ … $$ as display. KaTeX (and its stylesheet and fonts) loads only for
// a text that has math, so a course without any never downloads it.
import 'katex/dist/katex.min.css';
import katex from 'katex';

const MATH = /\\\((.+?)\\\)|\\\[(.+?)\\\]|\$\$(.+?)\$\$|\$(.+?)\$/gs;

/**
 * Typesets a text into an element: plain parts as text nodes, math parts by katex.render, which
 * builds its nodes and sets their styles through the CSSOM. (Its renderToString markup carries
 * inline style attributes, which the site's CSP, style-src 'self', refuses.) A bad formula shows
 * as its source.
 */
export function typesetInto(into: HTMLElement, text: string): void {
  const parts: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(MATH)) {
    parts.push(document.createTextNode(text.slice(last, match.index)));
    const display = match[2] !== undefined || match[3] !== undefined;
    const formula = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    const holder = document.createElement('span');
    katex.render(formula, holder, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });
    parts.push(holder);
    last = match.index + match[0].length;
  }
  parts.push(document.createTextNode(text.slice(last)));
  into.replaceChildren(...parts);
}
