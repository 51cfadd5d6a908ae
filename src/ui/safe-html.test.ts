// @vitest-environment jsdom
// The one rule for server-provided HTML: formatting and links, plus a video or a PDF link
// when (and only when) it comes from the site's own origin (part 2 §2 "FAQ accordion").
import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html';

const origin = 'https://examflow.example';
const clean = (html: string) => safeHtml(html, origin);

describe('media in server-provided HTML', () => {
  it.each([
    [
      'a video by path',
      '<video src="/media/how-to.mp4"></video>',
      '<video src="/media/how-to.mp4" controls=""></video>',
    ],
    [
      'a video by full address with a poster',
      `<video src="${origin}/media/a.mp4" poster="/images/a.png"></video>`,
      `<video src="${origin}/media/a.mp4" poster="/images/a.png" controls=""></video>`,
    ],
    [
      'a video with a source child',
      '<video><source src="/media/a.webm" type="video/webm"></video>',
      '<video controls=""><source src="/media/a.webm" type="video/webm"></video>',
    ],
    ['a PDF link', '<a href="/docs/brochure.pdf">Brochure</a>', '<a href="/docs/brochure.pdf">Brochure</a>'],
  ])('keeps %s from the own origin', (_what, html, kept) => {
    expect(clean(html)).toBe(kept);
  });

  it.each([
    ['a video', '<video src="https://evil.example/a.mp4"></video>Hi', 'evil.example'],
    ['a protocol-relative video', '<video src="//evil.example/a.mp4"></video>Hi', 'evil.example'],
    [
      'a video with a foreign poster',
      '<video src="/a.mp4" poster="https://evil.example/p.png"></video>Hi',
      'evil',
    ],
    ['a foreign source', '<video><source src="https://evil.example/a.webm"></video>Hi', 'evil.example'],
    ['a frame', '<iframe src="https://evil.example/x"></iframe>Hi', '<iframe'],
    // Never a frame, even of the own origin: the site's pages refuse framing (frame-ancestors).
    ['a frame of the own origin', '<iframe src="/media/intro.html"></iframe>Hi', '<iframe'],
    ['a data: frame', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>Hi', '<iframe'],
    ['a javascript: frame', '<iframe src="javascript:alert(1)"></iframe>Hi', '<iframe'],
    ['a frame without src', '<iframe srcdoc="<script>alert(1)</script>"></iframe>Hi', '<iframe'],
    ['a PDF link', '<a href="https://evil.example/brochure.pdf">Hi</a>', 'evil.example'],
    ['an object', '<object data="/a.pdf"></object>Hi', '<object'],
    ['an embed', '<embed src="/a.pdf">Hi', '<embed'],
    ['a handler on a video', '<video src="/a.mp4" onerror="alert(1)"></video>Hi', 'onerror'],
    ['src on an image', '<img src="/a.png">Hi', '<img'],
  ])('strips %s (another origin, another scheme, or any frame)', (_what, html, bad) => {
    const out = clean(html);
    expect(out).not.toContain(bad);
    expect(out).toContain('Hi');
  });

  it('keeps ordinary links to other sites and formatting', () => {
    expect(clean('<strong>Bold</strong> <a href="https://www.example.org/page">here</a>')).toBe(
      '<strong>Bold</strong> <a href="https://www.example.org/page">here</a>',
    );
  });

  it("uses the page's own origin when none is given", () => {
    expect(safeHtml(`<video src="${location.origin}/m.mp4"></video>`)).toContain('<video');
    expect(safeHtml('<video src="https://evil.example/m.mp4"></video>')).not.toContain('<video');
  });
});
