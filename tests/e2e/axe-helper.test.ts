// The accessibility check every browser test relies on (seriousViolations) still reports what it
// is there to catch: a page with an unlabelled field and an image without a text alternative fails
// it, and the same page made right passes.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>${body}</main></body></html>`;

describe('seriousViolations', () => {
  it('reports an unlabelled field and an image without alt text, and nothing once they are fixed', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.setContent(page('<input type="text"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
    const found = await seriousViolations(tab);
    expect(found.map((line) => line.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'label']));

    await tab.setContent(
      page(
        '<label for="n">Name</label><input id="n" type="text"><img alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
      ),
    );
    expect(await seriousViolations(tab)).toEqual([]);
    await context.close();
  });
});
