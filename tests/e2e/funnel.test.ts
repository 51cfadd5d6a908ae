// The funnel end to end: on `npm run dev`'s servers (the real API server and its
// database beside Vite), one visitor registers on /iacstexam (variant default) and another leaves
// /neet-repeater-scholarship (iacst_repeater_neet) after verifying the OTP; the Studio's Funnel
// view, reading that database, shows 1 registered on the first and the second stopped at
// "OTP verified". Each visitor is its own browser context: its own anonymous id. The Studio is
// opened signed in as an editor (decision 048).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshMobile, seriousViolations } from './browser';
import { devServerForFile } from './dev-server';
import { completeFreeRegistration, verifyFreshMobile } from './registration-walk';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';

const dev = devServerForFile();

/**
 * Leaves the page as a student closing it does: pagehide sends what the reporter holds. The
 * context stays open (the browser closes with the file): closing it at once could cancel that
 * beacon, where a real browser sends a closed tab's beacon anyway.
 */
async function leave(page: Page): Promise<void> {
  await page.goto('about:blank');
}

/** The table's rows under a variant's heading: step → [visitors, from previous, from view]. */
async function stepsOf(page: Page, variant: RegExp): Promise<Map<string, string[]>> {
  const table = page.getByRole('table', { name: 'The numbers' });
  const body = table.locator('tbody').filter({ has: page.getByRole('columnheader', { name: variant }) });
  const rows = await body
    .locator('tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
  return new Map(rows.filter((r) => r.length > 1).map(([step = '', ...figures]) => [step, figures]));
}

describe('the funnel', () => {
  it('counts a registration on one variant and a visitor who left after the OTP on another', async () => {
    const first = await (await dev.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await first.goto(`${dev.base}/iacstexam?utm_source=google&utm_medium=cpc`);
    await verifyFreshMobile(first, dev.base, freshMobile());
    await completeFreeRegistration(first);
    await leave(first);

    const second = await (await dev.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await second.goto(`${dev.base}/neet-repeater-scholarship`);
    await verifyFreshMobile(second, dev.base, freshMobile());
    await leave(second);

    const { page: studio } = await signInToStudio(
      dev.browser,
      dev.base,
      dev.api.app.ctx,
      { email: 'funnel.editor@example.com', name: 'Asha Rao', role: 'editor' },
      { route: '/studio/funnel' },
    );
    // The beacons of pages just left may land a moment after: read again until both are there.
    let registered: Map<string, string[]> = new Map();
    let stopped: Map<string, string[]> = new Map();
    await expect
      .poll(
        async () => {
          await studio.getByRole('button', { name: 'Last 7 days' }).click();
          await studio.getByRole('table', { name: 'The numbers' }).waitFor({ timeout: 30_000 });
          registered = await stepsOf(studio, /\(\/iacstexam\)$/);
          stopped = await stepsOf(studio, /\(\/neet-repeater-scholarship\)$/);
          return [registered.get('Registered')?.[0], stopped.get('OTP verified')?.[0]];
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual(['1', '1']);
    // The first walked every step of a free programme; the second stopped at "OTP verified".
    for (const step of [
      'Page view',
      'Started the form',
      'OTP sent',
      'OTP verified',
      'Details saved',
      'Exam chosen',
    ])
      expect(registered.get(step)?.[0], step).toBe('1');
    expect(registered.get('Registered')?.[2]).toBe('100.0 %');
    expect(stopped.get('Page view')?.[0]).toBe('1');
    expect(stopped.get('Details saved')?.[0]).toBe('0');
    expect(stopped.get('Registered')?.[0]).toBe('0');

    // The campaign filter: only the first came from google.
    await studio.getByRole('combobox', { name: 'Campaign source (UTM)' }).selectOption('google');
    await expect.poll(() => stepsOf(studio, /\(\/neet-repeater-scholarship\)$/).then((m) => m.size)).toBe(0);
    expect((await stepsOf(studio, /\(\/iacstexam\)$/)).get('Registered')?.[0]).toBe('1');
    expect(await seriousViolations(studio)).toEqual([]);

    // The home page: each variant's last 7 days.
    await studio.getByRole('link', { name: 'All pages' }).click();
    const row = studio
      .getByRole('row')
      .filter({ has: studio.getByRole('link', { name: /NEET Repeater Scholarship \|/ }) });
    await expect
      .poll(() => row.locator('td.st-figure').allTextContents(), { timeout: 20_000 })
      .toEqual(['1', '0.0 %']);
  }, 240_000);
});
