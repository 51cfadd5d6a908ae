// @vitest-environment jsdom
// One sanitising rule (src/domain/safe-html-rule.ts). The browser's path (DOMPurify
// over the page's window) and the server's (DOMPurify over a jsdom window of its own) give the
// same output for the same payload.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/services/exams/sanitize-html';
import { safeHtml } from '../../src/ui/safe-html';

const origin = 'https://examflow.example';

const PAYLOADS: [string, string][] = [
  ['a script', '<p>Hi<script>alert(1)</script></p>'],
  ['a handler', '<p onclick="x()">Hi <b onmouseover="y()">there</b></p>'],
  ['an image with onerror', '<img src=x onerror=alert(2)>Hi'],
  ['a javascript: link', '<a href="javascript:alert(3)">bad</a>'],
  ['an entity-hidden javascript: link', '<a href="java&#x09;script:alert(4)">tab</a>'],
  ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ['a protocol-relative link', '<a href="//evil.example">x</a>'],
  ['a backslash link', '<a href="/\\evil.example">x</a>'],
  [
    'links kept',
    '<a href="/dashboard">a</a><a href="https://www.example.org/p?a=1&b=2" target="_blank">b</a><a href="tel:18000000000">c</a><a href="mailto:x@example.com">d</a><a href="#top">e</a>',
  ],
  ['a frame', '<iframe src="https://evil.example/x"></iframe>Hi'],
  ['a frame of the own origin', '<iframe src="/media/intro.html"></iframe>Hi'],
  ['a srcdoc frame', '<iframe srcdoc="<script>alert(1)</script>"></iframe>Hi'],
  ['an object and an embed', '<object data="/a.pdf"></object><embed src="/a.pdf">Hi'],
  ['an own video by path', '<video src="/media/how-to.mp4"></video>'],
  [
    'an own video by address with a poster',
    `<video src="${origin}/media/a.mp4" poster="/images/a.png"></video>`,
  ],
  ['an own video with a source child', '<video><source src="/media/a.webm" type="video/webm"></video>'],
  ['a foreign video', '<video src="https://evil.example/a.mp4"></video>Hi'],
  ['a protocol-relative video', '<video src="//evil.example/a.mp4"></video>Hi'],
  ['a foreign poster', '<video src="/a.mp4" poster="https://evil.example/p.png"></video>Hi'],
  ['a foreign source', '<video><source src="https://evil.example/a.webm"></video>Hi'],
  ['a handler on a video', '<video src="/a.mp4" onerror="alert(1)"></video>Hi'],
  ['an own PDF link', '<a href="/docs/brochure.pdf">Brochure</a>'],
  ['a foreign PDF link', '<a href="https://evil.example/brochure.pdf">Hi</a>'],
  ['style', '<style>p{color:red}</style><p style="color:red">Hi</p>'],
  ['svg with a script', '<svg><script>1</script></svg>ok'],
  ['mathml namespace confusion', '<math><mi><mglyph><style><img src=x onerror=alert(1)>'],
  ['a form clobbering trick', '<form><input name="attributes"><input name="innerHTML"></form>Hi'],
  ['nested noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['a comment hiding markup', '<!--<img src=x onerror=alert(1)>-->ok<br/>'],
  ['a template', '<template><script>alert(1)</script></template>ok'],
  ['unclosed and stray tags', '<ul><li>one<li>two</ul><b>unclosed</p>stray'],
  ['text that looks like markup', 'a < b > c & "quoted"'],
];

describe('the browser and the server sanitise alike', () => {
  it.each(PAYLOADS)('%s', async (_what, html) => {
    const server = await sanitizeHtml(html, origin);
    expect(server).toBe(safeHtml(html, origin));
    expect(server).not.toMatch(
      /<(script|iframe|object|embed|img|style|svg|math|form|template)|\son\w+=|javascript:|evil/i,
    );
  });

  it('keeps what the rule allows on both sides', async () => {
    const html = '<video src="/media/how-to.mp4"></video><a href="/docs/b.pdf">B</a>';
    const kept = '<video src="/media/how-to.mp4" controls=""></video><a href="/docs/b.pdf">B</a>';
    expect(safeHtml(html, origin)).toBe(kept);
    expect(await sanitizeHtml(html, origin)).toBe(kept);
  });

  it('a full own-origin address is kept on the server only when it knows the origin', async () => {
    const html = `<a href="${origin}/b.pdf">B</a>`;
    expect(await sanitizeHtml(html, origin)).toBe(html);
    // Served under many hosts, the server alone counts only a site path as its own.
    expect(await sanitizeHtml(html)).toBe('<a>B</a>');
  });
});
