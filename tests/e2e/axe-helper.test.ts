// The accessibility check every browser test relies on (seriousViolations) still reports what it
// is there to catch: a page with an unlabelled field and an image without a text alternative fails
// it, and the same page made right passes; a same-origin frame is checked too, and a page checked
// before is read again as it is now.
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

  it('checks a same-origin frame, and sees what changed on a page it has already checked', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    // A page on an origin of its own (a blank tab's is opaque, and no frame answers it).
    const framed = page('<input type="text">').replace(/"/g, '&quot;');
    const body = page(`<iframe title="Preview" srcdoc="${framed}"></iframe>`);
    await context.route('http://framed.test/', (route) => route.fulfill({ body, contentType: 'text/html' }));
    await tab.goto('http://framed.test/');
    await tab.frameLocator('iframe').locator('input').waitFor();
    expect((await seriousViolations(tab)).map((line) => line.split(' ')[0])).toEqual(['label']);

    await tab.setContent(page('<label for="n">Name</label><input id="n" type="text">'));
    expect(await seriousViolations(tab)).toEqual([]);
    // axe is already in this document: the second check still reads the page as it is now.
    await tab.evaluate(() => document.querySelector('main')?.append(document.createElement('input')));
    expect((await seriousViolations(tab)).map((line) => line.split(' ')[0])).toEqual(['label']);
    await context.close();
  });
});
