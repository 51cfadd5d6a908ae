import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './lib/chromium';
import { startTestServer, ensureBuild } from './lib/serve';
const dist = await ensureBuild();
const server = await startTestServer({ distDir: dist });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
for (const [path, width] of [['/iacstexam', 390], ['/neet-repeater-scholarship-hindi', 390], ['/iacstexam', 1280]] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  await page.route(/registration-card-[^/]*\.js$/, async (route) => { await gate; await route.continue(); });
  await page.goto(`http://localhost:${server.port}${path}`);
  const card = page.locator('#register_now');
  await card.scrollIntoViewIfNeeded();
  const name = `${path.slice(1)}-${width}`;
  await card.screenshot({ path: `/tmp/prerender-shots/${name}-before.png` });
  const box1 = await card.boundingBox();
  open();
  await page.waitForFunction(() => !document.querySelector('#register_now')?.hasAttribute('aria-busy'));
  await page.waitForTimeout(300);
  await card.screenshot({ path: `/tmp/prerender-shots/${name}-after.png` });
  console.log(name, JSON.stringify(box1), JSON.stringify(await card.boundingBox()));
  await page.close();
}
await browser.close();
await server.close();
