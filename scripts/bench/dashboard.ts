// npm run bench:dashboard — Lighthouse 12.8 mobile on /dashboard, logged in as demo students, on the
// built site and the real server (performance ≥ 95, accessibility 100; the JS
// before interaction ≤ 150 KB gzip, with no chart.js). The session is put in place the way the login
// form leaves it (the token in local storage, the ef_session marker cookie) and Lighthouse keeps it
// (disableStorageReset). Median of RUNS (default 3) per student. Figures only: it never fails on them.
import { ensureBuild, startTestServer } from '../lib/serve';
import {
  figures,
  saveResult,
  savedResultsNote,
  startLighthouse,
  studentTable,
  type RunFigures,
} from './lighthouse';
import { KB, gzipBytes, machineContext, readSiteIndex } from './shared';

const runs = Number(process.env.RUNS ?? 3);
// Before the exam (the main card, sample papers, branches) and after it (banner, courses).
const students = [
  { roll: '250000000002', dob: '14/03/2011', state: 'exam today, sample pack promo' },
  { roll: '250000000005', dob: '30/04/2007', state: 'result out, courses' },
];

async function main(): Promise<void> {
  const dist = await ensureBuild();
  const index = readSiteIndex(dist);
  const route = index.routes.find((r) => r.path === '/dashboard');
  const js = route?.js ?? index.pageJs;
  const server = await startTestServer({ distDir: dist });
  const origin = `http://localhost:${server.port}`;
  const chrome = await startLighthouse();
  const rows: { label: string; runs: RunFigures[] }[] = [];
  try {
    const browser = await chrome.connect();
    for (const student of students) {
      const login = await fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ roll_number: student.roll, date_of_birth: student.dob }),
      });
      const { token } = (await login.json()) as { token: string };
      const page = await browser.newPage();
      await page.goto(`${origin}/404`);
      await page.evaluate(
        (session) => localStorage.setItem('examflow:session', session),
        JSON.stringify({
          token,
          rollNumber: student.roll,
          dob: student.dob.replace(/\//g, '-'),
          examType: null,
        }),
      );
      await browser.setCookie({ name: 'ef_session', value: '1', domain: 'localhost', path: '/' });
      const perRun: RunFigures[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await chrome.run(`${origin}/dashboard`, { page });
        if (new URL(lhr.finalDisplayedUrl).pathname !== '/dashboard')
          throw new Error(`ended on ${lhr.finalDisplayedUrl}: the session was not kept`);
        saveResult(`dashboard-${student.roll}`, lhr);
        perRun.push(figures(lhr));
      }
      await page.close();
      rows.push({ label: `${student.roll} (${student.state})`, runs: perRun });
    }
    await browser.disconnect();
  } finally {
    chrome.close();
    await server.close();
  }
  console.log(machineContext('examflow bench:dashboard — Lighthouse 12.8 mobile on /dashboard, logged in'));
  console.log(studentTable(rows, runs));
  const chart = js.some((file) => /chart/i.test(file));
  console.log(
    `\nJS of /dashboard before interaction: ${(gzipBytes(dist, js) / KB).toFixed(1)} KB gzip (target ≤ 150), ` +
      `chart.js ${chart ? 'LOADED (target: not loaded)' : 'not loaded'}`,
  );
  console.log('Targets: performance 100, TBT ≤ 50 ms, LCP ≤ 1,000 ms, CLS ≤ 0.01; accessibility 100.');
  console.log(savedResultsNote('last run per student'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
