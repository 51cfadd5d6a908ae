import { describe, expect, it } from 'vitest';
import { renderRoute } from '../app/render-site';
import { configDir } from './node/paths';
import { loadConfig, validateConfig, withDrafts, directoryReader } from './node/validate-config';
import { defaultProfile } from './hosts';
import { buildRoutes } from './routes';
import { fillMoney, moneyTextProblems } from './money-texts';

const bundle = loadConfig(configDir());
const mockJee = bundle.programmes['mock-jee'];
if (!mockJee) throw new Error('no mock-jee');

describe('money in a landing’s texts', () => {
  it('fills the placeholders from the programme, in Indian figures', () => {
    expect(fillMoney('{tests} tests for {fee} rupees ({feePerTest} each)', mockJee)).toBe(
      '6 tests for 1,200 rupees (200 each)',
    );
    expect(fillMoney('{unknown} stays', mockJee)).toBe('{unknown} stays');
  });

  it('names a literal amount that is none of the programme’s, and placeholders it cannot fill', () => {
    const problems = moneyTextProblems(
      { faq: ['Pay ₹1500 now', 'It is 1,200 rupees', 'Opens at {opensAt}', 'Switch for {offlineSwitchFee}'] },
      mockJee,
    );
    expect(problems.map((p) => p.pointer)).toEqual(['/faq/0', '/faq/3']);
    expect(problems[0]?.message).toContain('states 1,500 rupees');
    expect(problems[0]?.message).toContain('{fee}');
  });

  it('makes a fee change change every text that states it', () => {
    const programme = JSON.parse(directoryReader(configDir()).read('programmes/mock-jee.json') ?? '{}') as {
      fee: { amount: number; perTest: number };
    };
    programme.fee = { ...programme.fee, amount: 1500, perTest: 250 };
    const changed = validateConfig(
      withDrafts(
        directoryReader(configDir()),
        new Map([['programmes/mock-jee.json', JSON.stringify(programme)]]),
      ),
    ).bundle;
    if (!changed) throw new Error('the changed config does not validate');
    const route = buildRoutes(changed).find((r) => r.path === '/mock-jee-exam');
    const html = renderRoute(changed, route, defaultProfile(changed.hosts), { css: [], js: [], preload: [] });
    expect(html).toContain('6 online tests for 1,500 rupees');
    expect(html).toContain('250 rupees per test');
    expect(html).not.toMatch(/1,?200 rupees/);
    expect(html).not.toContain('{fee}');
  });
});
