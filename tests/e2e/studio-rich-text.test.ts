// A programme's dashboard FAQ answer (a text shown as HTML: its schema says so) edited as formatted
// text in the Studio against the dev server (decision 058): bold and a list from the toolbar, a
// paste whose script, image, handler and javascript: link are removed (and said so under the
// field), and the draft the server validates with the same sanitising rule has no problem. With
// STUDIO_SHOTS set, screenshots at 1280 × 800 and 390 px go there.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';
import { seriousViolations } from './browser';
import { devServerForFile } from './dev-server';

const dev = devServerForFile();
const FILE = 'programmes/iacst.json';
const ANSWER = '#root_dashboard_faq_0_points_0';

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!process.env.STUDIO_SHOTS) return;
  writeFileSync(
    path.join(process.env.STUDIO_SHOTS, `studio-rich-text-${name}.png`),
    await page.screenshot({ fullPage }),
  );
}

/** The answer as the server holds it in the person's draft (saved as they type). */
async function savedAnswer(page: Page): Promise<string> {
  return page.evaluate(async (file) => {
    type Loaded = {
      content?: { dashboard?: { faq?: { points: string[] }[] } };
      drafts?: { number: number; state: string }[];
    };
    const get = async (at = '') =>
      (await (await fetch(`/studio/api/file?path=${encodeURIComponent(file)}${at}`)).json()) as Loaded;
    const draft = (await get()).drafts?.find((d) => d.state === 'draft');
    if (!draft) return '';
    return (await get(`&number=${draft.number}`)).content?.dashboard?.faq?.[0]?.points[0] ?? '';
  }, FILE);
}

/**
 * What the server's check of the saved draft (the same sanitising rule, over jsdom) says of the
 * FAQ; with `answer`, of the draft with that first answer instead (a control).
 */
async function faqProblems(page: Page, answer?: string): Promise<string[]> {
  return page.evaluate(
    async ([file, replaced]) => {
      const session = (await (await fetch('/studio/api/account/session')).json()) as { csrf_token: string };
      const get = async (at = '') =>
        (await (await fetch(`/studio/api/file?path=${encodeURIComponent(file)}${at}`)).json()) as {
          content: unknown;
          drafts?: { number: number; state: string }[];
        };
      const draft = (await get()).drafts?.find((d) => d.state === 'draft');
      if (!draft) return ['no draft saved'];
      const { content } = await get(`&number=${draft.number}`);
      const first = (content as { dashboard: { faq: { points: string[] }[] } }).dashboard.faq[0];
      if (replaced !== undefined && first) first.points[0] = replaced;
      const response = await fetch('/studio/api/validate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: JSON.stringify({ drafts: [{ path: file, content }] }),
      });
      const { problems } = (await response.json()) as { problems: { pointer?: string; message: string }[] };
      return problems.filter((p) => p.pointer?.startsWith('/dashboard/faq')).map((p) => p.message);
    },
    [FILE, answer] as const,
  );
}

describe('a dashboard FAQ answer in the Studio', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signInToStudio(
      dev.browser,
      dev.base,
      dev.api.app.ctx,
      { email: 'esha.editor@example.com', name: 'Esha Editor', role: 'editor' },
      { viewport: { width: 1280, height: 800 } },
    ));
    await page.goto(`${dev.base}/studio/edit/${FILE}`);
    await page.getByRole('button', { name: /^FAQ on the dashboard/ }).click({ timeout: 60_000 });
    // The editor is a chunk of its own, loaded when the first answer shows.
    await page.locator(`${ANSWER}[role="textbox"]`).waitFor({ timeout: 30_000 });
  }, 180_000);

  it('is made bold and a list with the toolbar, and the draft checks clean', async () => {
    const answer = page.locator(ANSWER);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of Point 1' }).first();
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'plain-1280');
    await answer.click();
    await page.keyboard.press('Control+A');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    expect(await toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Bring a photo ID');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Keep your roll number');
    await expect.poll(() => answer.innerHTML()).toContain('<li><p>Keep your roll number</p></li>');
    await shot(page, 'bold-list-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await expect
      .poll(() => savedAnswer(page), { timeout: 20_000 })
      .toMatch(
        /^<p><strong>.+<\/strong><\/p><ul><li>(<strong>)?Bring a photo ID(<\/strong>)?<\/li><li>.*Keep your roll number/,
      );
    // The server's check (the same rule, over jsdom) finds nothing to refuse, and the draft may go.
    expect(await faqProblems(page)).toEqual([]);
    expect(await faqProblems(page, '<img src=x onerror=alert(1)>Hi')).toEqual([
      expect.stringMatching(/sanitising rule would remove <img/),
    ]);
    await expect.poll(() => page.getByRole('button', { name: 'Submit for review' }).isDisabled()).toBe(false);
  }, 90_000);

  it('removes what the rule removes from a paste, and says so under the field', async () => {
    const answer = page.locator(ANSWER);
    await answer.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await answer.evaluate((element) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<meta charset="utf-8"><p>See <img src="/x.png" onerror="document.title=1"><script>document.title=2</script>' +
          '<a href="javascript:document.title=3">this</a> <b onclick="document.title=4">now</b></p>',
      );
      data.setData('text/plain', 'See this now');
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    const note = page.locator(`${ANSWER}__pasted`);
    await expect
      .poll(() => note.textContent())
      .toBe(
        'Removed from what you pasted: a script, an image, hidden code run on a click or as the page loads, a link to an address that is not allowed.',
      );
    await shot(page, 'pasted-1280');
    await expect.poll(() => savedAnswer(page), { timeout: 20_000 }).toContain('See');
    const saved = await savedAnswer(page);
    expect(saved).not.toMatch(/<img|<script|onerror|onclick|javascript:|document\.title/);
    expect(await faqProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'pasted-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 90_000);
  it('asks a link its address and refuses one the rule refuses, saying why', async () => {
    const answer = page.locator(ANSWER);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of Point 1' }).first();
    await answer.click();
    await page.keyboard.press('Control+A');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    expect(await address.evaluate((input) => input === document.activeElement)).toBe(true);
    await address.fill('javascript:alert(1)');
    await page.keyboard.press('Enter');
    const why = await address.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(why).toMatch(/^This address cannot be used\. Start it with https:\/\//);
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'link-refused-1280');
    // Escape closes the form and gives the focus back to the Link button.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Link');
    expect(await savedAnswer(page)).not.toContain('javascript:');
  }, 60_000);
});
