import { describe, expect, it } from 'vitest';
import { transformByShell } from './studio-preview';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body class="p">${body}</body></html>`;

describe('transformByShell', () => {
  it("transforms a page's shell once and puts each body into it", async () => {
    const seen: string[] = [];
    const transform = transformByShell(async (_url, html) => {
      seen.push(html);
      return html.replace('</head>', '<script type="module" src="/@vite/client"></script></head>');
    });
    const first = await transform('/x', page('T', '<h1>One</h1>'));
    const second = await transform('/x', page('T', '<h1>Two</h1>'));
    expect(first).toBe(
      page('T', '<h1>One</h1>').replace(
        '</head>',
        '<script type="module" src="/@vite/client"></script></head>',
      ),
    );
    expect(second).toContain('<body class="p"><h1>Two</h1></body>');
    expect(second).toContain('/@vite/client');
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain('One');
    // A new head (the title typed) or another address: a new shell.
    await transform('/x', page('T2', '<h1>Two</h1>'));
    await transform('/y', page('T2', '<h1>Two</h1>'));
    expect(seen).toHaveLength(3);
  });

  it('transforms the whole page when the shell loses its body or the page has none', async () => {
    const seen: string[] = [];
    const dropsBody = transformByShell(async (_url, html) => {
      seen.push(html);
      return html.replace(/<body[^]*<\/body>/, '<body></body>');
    });
    expect(await dropsBody('/x', page('T', '<p>a</p>'))).toBe(page('T', '').replace(' class="p"', ''));
    expect(seen).toHaveLength(2);
    const whole = transformByShell(async (_url, html) => `${html}!`);
    expect(await whole('/x', '<p>no body</p>')).toBe('<p>no body</p>!');
  });
});
