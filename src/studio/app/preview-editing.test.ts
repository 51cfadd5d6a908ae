// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockOf, markTexts } from './preview-editing';
import { patchDocument } from './preview-frame';
import type { Json } from './studio-api';

const PAGE = (heading: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body>
<div data-studio-block="/blocks/0"><section><h1>${heading}</h1><p>Free test</p><ul><li>A</li><li>B</li></ul>
<a href="/x"><span>Register</span> now</a></section></div>
<div data-studio-block="/blocks/1"><details><summary>What is it?</summary><p>A test.</p></details></div></body></html>`;

const DRAFT: Json = {
  blocks: [
    {
      type: 'hero',
      heading: 'NEET 2027',
      subheading: 'Free test',
      points: ['A', 'B'],
      cta: { label: 'Register now', href: '/x' },
    },
    { type: 'faq', items: [{ id: 'what', heading: 'What is it?', points: ['A test.'] }] },
  ],
};

/** A document of its own, as the frame's is (not the test's). */
const frameDocument = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');

describe('editing in the preview', () => {
  it("marks each plain text with the draft's pointer of the text it shows", () => {
    const doc = frameDocument(PAGE('NEET 2027'));
    markTexts(doc, DRAFT);
    const marks = [...doc.querySelectorAll('[data-studio-text]')].map((e) => [
      e.textContent,
      e.getAttribute('data-studio-text'),
    ]);
    expect(marks).toEqual([
      ['NEET 2027', '/blocks/0/heading'],
      ['Free test', '/blocks/0/subheading'],
      ['A', '/blocks/0/points/0'],
      ['B', '/blocks/0/points/1'],
      ['What is it?', '/blocks/1/items/0/heading'],
      ['A test.', '/blocks/1/items/0/points/0'],
    ]);
    // A text that is not the draft's own (the link's "Register" beside " now") is not editable.
    expect(doc.querySelector('span')?.hasAttribute('data-studio-text')).toBe(false);
    expect(blockOf('/blocks/1/items/0/heading')).toBe('/blocks/1');
    expect(blockOf('/title')).toBeUndefined();
  });

  it('keeps a text being typed when the draft is drawn again, and patches the rest', () => {
    const doc = frameDocument(PAGE('NEET 2027'));
    markTexts(doc, DRAFT);
    const heading = doc.querySelector('h1') as HTMLElement;
    heading.setAttribute('data-studio-editing', '');
    heading.setAttribute('contenteditable', 'plaintext-only');
    heading.textContent = 'NEET 2027 and 2028';
    // The server's drawing of an older draft (one key behind), with another text changed.
    expect(patchDocument(doc, PAGE('NEET 2027 and 202').replace('Free test', 'Free online test'))).toBe(true);
    expect(doc.querySelector('h1')).toBe(heading);
    expect(heading.textContent).toBe('NEET 2027 and 2028');
    expect(doc.querySelector('section p')?.textContent).toBe('Free online test');
  });
});
