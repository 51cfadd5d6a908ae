// Screenshots of every demo student's dashboard (server/seed/demo-students.json) at a phone and a
// desktop width, full page, to look at (DESIGN.md: "Look at what you build").
//
//   npx tsx scripts/dashboard-screenshots.ts                builds when stale, starts its own server
//   ONLY=05,08 WIDTHS=390 OUT=/tmp/shots npx tsx scripts/dashboard-screenshots.ts
//   ONLY=13 PART=.ef-jee-calendar npx tsx scripts/dashboard-screenshots.ts
//
// The PNGs are named <width>-<roll suffix>-dashboard.png. Open them and look.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import students from '../server/seed/demo-students.json';
import { chromiumFlags, chromiumPath } from './lib/chromium';
import { ensureBuild, startTestServer } from './lib/serve';

const out = process.env.OUT ?? '/tmp/shots-dashboard';
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
const only = process.env.ONLY?.split(',');
const HOSTS: Record<string, string> = {
  'MOCK-JEE': 'mock-jee.localhost',
  'MOCK-NEET': 'mock-neet.localhost',
  IAT: 'iat.localhost',
};

async function main() {
  mkdirSync(out, { recursive: true });
  const server = await startTestServer({ distDir: await ensureBuild() });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    for (const s of students) {
      const suffix = s.roll_number.slice(-2);
      if (only && !only.includes(suffix)) continue;
      const host = HOSTS[s.exam_type] ?? 'localhost';
      const url = (p: string, h = 'localhost') => `http://${h}:${server.port}${p}`;
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
        const reply = await context.request.post(url('/api/login'), {
          data: { roll_number: s.roll_number, date_of_birth: s.dob },
        });
        const { token } = (await reply.json()) as { token: string };
        await context.addCookies([{ name: 'ef_session', value: '1', url: url('/', host) }]);
        await context.addInitScript(
          ([t, roll, dob]) => {
            localStorage.setItem(
              'examflow:session',
              JSON.stringify({ token: t, rollNumber: roll, dob, examType: null }),
            );
          },
          [token, s.roll_number, s.dob.replace(/\//g, '-')],
        );
        const page = await context.newPage();
        await page.goto(url('/dashboard', host));
        await page.locator('.ef-dash').waitFor({ timeout: 15_000 });
        await page
          .getByText(/^Loading (courses|branches)…$/)
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        // MOCK-JEE's calendar strip starts closed on phones: open it, to see its key and marks.
        const strip = page.getByRole('button', { name: 'Test Series Calender' });
        if ((await strip.count()) > 0 && (await strip.getAttribute('aria-expanded')) === 'false')
          await strip.click();
        await page.waitForTimeout(300);
        const file = path.join(out, `${width}-${suffix}-dashboard.png`);
        // PART=<css selector> shoots that part of the page alone (e.g. PART=.ef-jee-calendar).
        const part = process.env.PART;
        if (part) await page.locator(part).first().screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: true });
        // The page's text beside it, to read what a student reads.
        writeFileSync(file.replace(/\.png$/, '.txt'), await page.locator('main').innerText());
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

void main();
