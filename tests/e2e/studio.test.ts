// examflow Studio in a browser against the dev server (its API server's database holds the
// config, seeded from a temporary copy of config/), signed in as an editor and as a publisher
// (decision 048): the editor copies the Hindi NEET repeater page, changes its address, hero heading
// and a FAQ entry's Hindi text, sees the preview follow at 390 and 1280 px, reads what changes for
// students, and submits the draft saved as they typed; the publisher approves and publishes it, and
// the running dev server serves the new page (decision 049). An invalid change (a duplicate path,
// an empty heading) is shown at its field and keeps "Submit for review" disabled; a page the
// publisher published again after the editor opened it refuses the editor's save with both
// versions shown and nothing typed lost; the registration card of a draft is put into states of
// its flow with the draft's texts. axe is clean on the home page and the editor. One dev server
// for the file, each account signed in once.
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDocument } from '../../server/services/content/documents';
import { seriousViolations } from './browser';
import { devServerForFile } from './dev-server';
import { shownField } from './studio-outline';
import { publishThroughApi, signInToStudio } from '../../scripts/lib/studio-sign-in';

const dev = devServerForFile();

const SOURCE = 'नीट रिपीटर छात्रवृत्ति';
const NEW_PATH = '/neet-repeater-hindi-2027';
const NEW_FILE = 'landings/neet-repeater-hindi-2027.json';
const HERO = 'नीट रिपीटर छात्रवृत्ति 2027';
const FAQ_HEADING = 'कौन आवेदन कर सकता है? (2027)';
const FAQ_POINT = 'कक्षा 12 के छात्र और 12 पास छात्र, 2027 में।';
const THEIRS = 'उनका शीर्षक 2027 | निःशुल्क ऑनलाइन परीक्षा';

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Preview"]');
const submit = (page: Page) => page.getByRole('button', { name: 'Submit for review', exact: true });
/** Why "Submit for review" is disabled, as the editor says it beside the button. */
const whyNot = (page: Page) => page.locator('#st-publish-why').textContent();

/** The ids rjsf gives the fields of the copied page (its blocks: see config/landings/neet-repeater-hindi.json). */
async function blockIndex(type: string): Promise<number> {
  const page = dev.copy.read<{ blocks: { type: string }[] }>('landings/neet-repeater-hindi.json');
  return page.blocks.findIndex((b) => b.type === type);
}

/** The text of what describes a field (its hint and its problem). */
async function describedText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('examflow Studio against the dev server', () => {
  /** The editor's page: a context of its own (axe needs one, and the drafts in its storage start empty). */
  let page: Page;
  let publisher: Page;
  let hero = '';
  let faq = '';

  beforeAll(async () => {
    const ctx = dev.api.app.ctx;
    ({ page } = await signInToStudio(dev.browser, dev.base, ctx, {
      email: 'asha.editor@example.com',
      name: 'Asha Rao',
      role: 'editor',
    }));
    ({ page: publisher } = await signInToStudio(dev.browser, dev.base, ctx, {
      email: 'ravi.publisher@example.com',
      name: 'Ravi Kumar',
      role: 'publisher',
    }));
    hero = `#root_blocks_${await blockIndex('hero')}_heading`;
    faq = `#root_blocks_${await blockIndex('faq')}_items_0`;
    // The editor's modules loaded once, by the publisher, before any test: a dependency Vite finds
    // on their first load reloads the page, and a new page's editor reloaded after its draft was
    // saved on the server takes that draft for the published page (a bug of the editor, reported).
    await publisher.goto(`${dev.base}/studio/edit/landings/mock-neet.json`);
    await preview(publisher).getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await publisher
      .getByLabel('Registration card state')
      .locator('option', { hasText: 'OTP sent' })
      .waitFor({ state: 'attached', timeout: 30_000 });
  }, 180_000);

  it('home lists the pages, searches them, and is axe clean', async () => {
    await page.goto(`${dev.base}/studio/`);
    await page.getByRole('heading', { name: 'Landing pages' }).waitFor({ timeout: 60_000 });
    await page.getByRole('searchbox').fill('hindi');
    await expect.poll(() => page.locator('table').first().locator('tbody tr').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('searchbox').fill('');
  });

  it('refuses a copy whose address another page has, then creates one as a draft', async () => {
    await page.getByRole('button', { name: new RegExp(`^New variant from ${SOURCE}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/new page address/i).fill('/neet-repeater-scholarship');
    await dialog.getByLabel(/title of the new page/i).fill('नीट रिपीटर छात्रवृत्ति 2027');
    await dialog.getByLabel(/variant key/i).fill('iacst_repeater_neet_hindi_2027');
    await dialog.getByRole('button', { name: /check and create/i }).click();
    await expect
      .poll(() => describedText(page, '#st-new-paths'))
      .toMatch(
        /"\/neet-repeater-scholarship" is already used by the page “NEET Repeater Scholarship[^”]*” \(\/neet-repeater-scholarship\)/,
      );
    expect(await describedText(page, '#st-new-paths')).not.toMatch(/\.json|config\//);

    await dialog.getByLabel(/new page address/i).fill(NEW_PATH);
    await dialog.getByRole('button', { name: /check and create/i }).click();
    await dialog.getByRole('button', { name: 'Open the new page' }).click();
    await page.getByText(`Landing page at ${NEW_PATH} · new, not published yet`).waitFor({ timeout: 20_000 });
    await preview(page).getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  });

  it('edits the hero heading and a FAQ entry in Hindi beside the English text; the preview follows at both widths', async () => {
    // The English page's text beside the Hindi field.
    const pair = page.locator('.st-pair', { has: page.locator(`${faq}_heading`) });
    await expect
      .poll(() => pair.locator('.st-pair__other').textContent(), { timeout: 20_000 })
      .toMatch(/Who can apply/);

    await (await shownField(page, hero)).fill(HERO);
    await (await shownField(page, `${faq}_heading`)).fill(FAQ_HEADING);
    await (await shownField(page, `${faq}_points_0`)).fill(FAQ_POINT);
    await preview(page).getByRole('heading', { name: HERO }).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => preview(page).locator('body').textContent(), { timeout: 20_000 })
      .toContain(FAQ_HEADING);
    const phone = await page.locator('iframe[title^="Preview"]').evaluate((f) => f.clientWidth);
    expect(phone).toBe(390);

    // Back at the top, as a person would scroll: the editor's sticky bar (now with the draft's save,
    // the reviewer's note and its status lines) covers the width buttons where a scroll to them leaves them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /Desktop \(1280 px\)/ }).click();
    const frame = page.locator('iframe[title^="Preview"]');
    await expect.poll(() => frame.evaluate((f) => f.clientWidth), { timeout: 20_000 }).toBe(1280);
    // Scaled to fit its pane, not widening it.
    const box = await page.locator('.st-preview__frame').boundingBox();
    expect(box?.width ?? 9999).toBeLessThan(700);
    await preview(page).getByRole('heading', { name: HERO }).waitFor();
    // The preview is the site's own page (axe-checked by the site's tests) in a frame without
    // scripts, which axe cannot enter (it waits on it): the editor around it is checked.
    await page.evaluate(() => document.querySelector('iframe[title^="Preview"]')?.remove());
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it('says what changes for students, in words', async () => {
    const changes = page.getByRole('region', { name: 'What changes for students' });
    await expect
      .poll(() => changes.textContent())
      .toMatch(new RegExp(`Hero · Heading\\s*${SOURCE}.*${HERO}`, 's'));
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain('copied from');
    expect(text).toContain(NEW_PATH);
    expect(text).toContain('FAQ · Question 1');
    expect(text).toContain(FAQ_HEADING);
    expect(text).toContain(FAQ_POINT);
    // No JSON pointers, no ISO dates.
    expect(text).not.toMatch(/\/blocks\/|\d{4}-\d\d-\d\dT/);
  });

  it('shows an empty heading and a duplicate path at their fields, with "Submit for review" disabled', async () => {
    await (await shownField(page, hero)).fill('');
    await expect.poll(() => describedText(page, hero)).toMatch(/Hero · Heading: must be filled in/);
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await whyNot(page)).toMatch(/^Fix (the problem|the \d+ problems) to submit it for review\.$/);
    await (await shownField(page, hero)).fill(HERO);

    await (await shownField(page, '#root_paths_0')).fill('/neet-repeater-scholarship');
    await expect
      .poll(() => describedText(page, '#root_paths_0'), { timeout: 10_000 })
      .toMatch(
        /Page address 1: path "\/neet-repeater-scholarship" is already used by the page “NEET Repeater Scholarship[^”]*” \(\/neet-repeater-scholarship\)/,
      );
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await whyNot(page)).toMatch(/^Fix (the problem|the \d+ problems) to submit it for review\.$/);
    const summary = page.locator('.st-error-summary');
    expect(await summary.textContent()).toMatch(/problem/);
    await (await shownField(page, '#root_paths_0')).fill(NEW_PATH);
    // Enabled once the page checks clean and the draft is saved on the server.
    await expect.poll(() => submit(page).isDisabled(), { timeout: 20_000 }).toBe(false);
    expect(await page.getByText(/^Draft saved at \d\d:\d\d [AP]M\./).count()).toBe(1);
  });

  it('submits the draft; a publisher approves and publishes it; the running dev server serves the new texts', async () => {
    await submit(page).click();
    await page.getByText(/^Submitted for review\. A publisher/).waitFor({ timeout: 20_000 });
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await whyNot(page)).toBe('Submitted for review.');
    // Students do not see it yet.
    expect((await fetch(`${dev.base}${NEW_PATH}`, { headers: { Accept: 'text/html' } })).status).toBe(404);

    await publisher.goto(`${dev.base}/studio/inbox`);
    const waiting = publisher.getByRole('article', { name: new RegExp(NEW_PATH) });
    await waiting.getByText(/Version \d+ by Asha Rao, .* · In review/).waitFor({ timeout: 30_000 });
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await waiting.getByRole('button', { name: 'Publish now' }).click();
    await publisher
      .getByText(/, version \d+: Published: students see it now\.$/)
      .waitFor({ timeout: 20_000 });

    const published = await openDocument(dev.api.app.ctx, NEW_FILE);
    expect((published.content as { paths: string[] }).paths).toEqual([NEW_PATH]);
    await expect
      .poll(
        async () => (await fetch(`${dev.base}${NEW_PATH}`, { headers: { Accept: 'text/html' } })).text(),
        { timeout: 20_000 },
      )
      .toContain(HERO);
    const html = await (await fetch(`${dev.base}${NEW_PATH}`, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain(FAQ_HEADING);
    expect(html).toContain(FAQ_POINT);
  }, 90_000);

  it('refuses a save after a publisher published the page again, shows both versions, and keeps what was typed', async () => {
    // A page the editor has not touched in this browser (no draft kept for it).
    const file = 'landings/neet-repeater-hindi.json';
    await page.goto(`${dev.base}/studio/edit/${file}`);
    const title = await shownField(page, '#root_title');
    await title.waitFor({ timeout: 30_000 });
    // The publisher, in their own tab, publishes another title meanwhile.
    // (Its title keeps the page's "निःशुल्क": a change to an amount or "free" is money, which a
    // publisher may not approve alone.)
    await publishThroughApi(publisher, file, { title: THEIRS });

    await title.fill('मेरा नया शीर्षक 2027');
    const conflict = page.getByRole('region', { name: /someone else changed this page/i });
    await conflict.waitFor({ timeout: 20_000 });
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /^Not saved: / })
        .textContent(),
    ).toMatch(/someone published another version of this page since you opened it/);
    const text = (await conflict.textContent()) ?? '';
    expect(text).toContain(`Published meanwhile: ${THEIRS}`);
    expect(text).toContain('Yours: मेरा नया शीर्षक 2027');
    expect(await title.inputValue()).toBe('मेरा नया शीर्षक 2027');
    await expect.poll(() => whyNot(page), { timeout: 10_000 }).toBe('Choose what to keep first.');
    expect(await submit(page).isDisabled()).toBe(true);
    expect(((await openDocument(dev.api.app.ctx, file)).content as { title: string }).title).toBe(THEIRS);

    // Keeping theirs and mine: the draft is saved again, made from what is published now.
    await conflict.getByRole('button', { name: 'Keep all of mine' }).click();
    await expect.poll(() => conflict.count()).toBe(0);
    await expect.poll(() => submit(page).isDisabled(), { timeout: 20_000 }).toBe(false);
    expect(await title.inputValue()).toBe('मेरा नया शीर्षक 2027');
  }, 90_000);

  it('puts the registration card of a draft into states of its flow, with the draft’s texts', async () => {
    const file = 'landings/mock-neet.json';
    const strings = dev.copy.read<{ strings: Record<string, string> }>('i18n/en.json').strings;
    const fee = dev.copy.read<{ fee: { amount: number } }>('programmes/mock-neet.json').fee.amount;
    const cardIndex = dev.copy
      .read<{ blocks: { type: string }[] }>(file)
      .blocks.findIndex((b) => b.type === 'registration-card');
    await page.goto(`${dev.base}/studio/edit/${file}`);
    const heading = await shownField(page, `#root_blocks_${cardIndex}_heading`);
    await heading.waitFor({ timeout: 30_000 });
    await heading.fill('Book your NEET mock (Studio draft)');

    const states = page.getByLabel('Registration card state');
    const card = page.locator('.st-card-states section.ef-register');
    const choose = async (label: string) => {
      await expect.poll(() => states.isEnabled(), { timeout: 30_000 }).toBe(true);
      await states.selectOption({ label });
      await expect
        .poll(() => page.locator('.st-card-states__frame').getAttribute('aria-busy'), { timeout: 20_000 })
        .toBe('false');
    };
    // The picker lists the states once the Studio has walked the card's flow (seconds on a busy machine).
    await expect
      .poll(() => states.locator('option').allTextContents(), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining(['Step 1 – mobile number', 'OTP sent', 'Coupon not valid', 'Thank you']),
      );

    // Step 1 says the draft's heading, and follows it as it is typed (no save).
    await choose('Step 1 – mobile number');
    await card.getByRole('heading', { name: 'Book your NEET mock (Studio draft)' }).waitFor();
    await heading.fill('Book your NEET mock today');
    await card.getByRole('heading', { name: 'Book your NEET mock today' }).waitFor({ timeout: 10_000 });

    // OTP sent: the code boxes, to the canned number, in the page's words.
    await choose('OTP sent');
    await card.getByRole('heading', { name: strings['registration.verifyHeading'] }).waitFor();
    expect(await card.textContent()).toMatch(/9876543210/);
    expect(await card.getByRole('heading', { name: 'Book your NEET mock today' }).count()).toBe(0);

    // The exam step with a coupon refused: the coupon typed, the page's message, the programme's fee.
    await choose('Coupon not valid');
    await card.getByRole('heading', { name: strings['registration.examHeading'] }).waitFor();
    expect(await card.getByRole('textbox', { name: /Coupon/ }).inputValue()).toBe('NOTVALID');
    await card.getByText(strings['registration.couponInvalid'] ?? 'coupon').waitFor();
    expect(await card.textContent()).toContain(`₹${fee}`);

    // Thank you: the success heading and the roll number; its button does not leave the Studio.
    await choose('Thank you');
    await card.getByRole('heading', { name: strings['registration.success'] }).waitFor();
    expect(await card.textContent()).toContain('250000000099');
    const here = page.url();
    await card.getByRole('button', { name: strings['registration.goToDashboard'] }).click();
    expect(page.url()).toBe(here);

    await page.evaluate(() => document.querySelector('iframe[title^="Preview"]')?.remove());
    expect(await seriousViolations(page)).toEqual([]);
  }, 180_000);

  it('previews a programme through any of its landing pages, and shows no card-state picker there', async () => {
    await page.goto(`${dev.base}/studio/edit/programmes/iacst.json`);
    const pick = page.getByRole('combobox', { name: 'Page' });
    await pick.waitFor({ timeout: 30_000 });
    await preview(page)
      .getByRole('heading', { name: 'Digital Scholarship Test' })
      .waitFor({ timeout: 20_000 });
    await pick.selectOption({ label: '/iacstexam (English)' });
    await preview(page)
      .getByRole('heading', { name: 'Instant Admission cum Scholarship Test (iACST)' })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Registration card state').count()).toBe(0);
  });
});
