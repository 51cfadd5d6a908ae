import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './lib/chromium';
const child = spawn('npx', ['tsx', 'scripts/studio.ts'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DEV_PORT: '5391', API_PORT: '0' } });
let out = '';
const url = await new Promise<string>((resolve) => { const read = (c: Buffer) => { out += c; const m = /Studio:\s+(http\S+\/studio\/)/.exec(out); if (m?.[1]) resolve(m[1]); }; child.stdout!.on('data', read); child.stderr!.on('data', read); });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(url + 'edit/landings/iacst-default.json');
const field = page.locator('#root_blocks_1_heading');
await field.waitFor({ timeout: 60000 });
await page.frameLocator('iframe[title^="Preview"]').getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60000 });
await field.click(); await page.keyboard.press('End'); await page.waitForTimeout(2000);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
for (const k of 'abcdefgh') { await page.keyboard.press(k); await page.waitForTimeout(700); }
const { profile } = await cdp.send('Profiler.stop');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
profile.samples!.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
const name = (n: any) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*?\/(src|node_modules)\//, '$1/').replace(/\?.*/, '')}`;
const incl = new Map<string, number>(); const selfBy = new Map<string, number>();
for (const [id, t] of self) {
  const n = nodes.get(id)!; selfBy.set(name(n), (selfBy.get(name(n)) ?? 0) + t);
  const seen = new Set<string>(); let cur: number | undefined = id;
  while (cur !== undefined) { const k = name(nodes.get(cur)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); }
}
const per = (v: number) => (v / 1000 / 8).toFixed(1);
console.log('per key ms, inclusive:');
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).slice(0, 70)) console.log(per(v), k);
console.log('--- self');
for (const [k, v] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(per(v), k);
} finally { await browser.close(); process.kill(-child.pid!, 'SIGTERM'); }
