// Experiments: 1,000 simulated first visits split by the hash of their ids and the weights, a returning
// visitor keeps the variant, bots and previews see the default; validate:config refuses weights
// that do not add up, unknown variants and variants of another programme.
import { afterEach, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../tests/fixtures/config-copy';
import {
  bucketOf,
  chooseVariant,
  cookieValue,
  fnv1a32,
  isBotOrPreview,
  type IndexedExperiment,
} from './experiments';
import { validateConfig } from './node/validate-config';
import { seededRandom } from './seeded-random';

const EXPERIMENT: IndexedExperiment = {
  id: 'neet-repeater-2025',
  path: '/neet-repeater-scholarship',
  defaultVariant: 'iacst_repeater_neet',
  variants: [
    { variantKey: 'iacst_repeater_neet', weight: 70, routePath: '/neet-repeater-scholarship' },
    { variantKey: 'iacst_repeater_jee', weight: 30, routePath: '/jee-repeater-scholarship' },
  ],
  skipProfiles: [],
};
const CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Visitor ids as browsers' crypto.randomUUID would make them, from a seeded generator. */
const visitorIds = (seed: number) => {
  const random = seededRandom(seed);
  return () => Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
};

describe('choosing a visitor’s variant', () => {
  it('FNV-1a 32-bit gives the published test vectors', () => {
    // The FNV reference vectors (Fowler, Noll, Vo; draft-eastlake-fnv, test suite): "" and "a".
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it.each([1, 2, 3])('1,000 first visits split within a few percent of 70/30 (seed %i)', (seed) => {
    const newVisitorId = visitorIds(seed);
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const choice = chooseVariant(EXPERIMENT, { userAgent: CHROME, newVisitorId });
      expect(choice.setCookies).toEqual([
        `ef_vid=${choice.exposure?.visitor}; Path=/; Max-Age=31536000; SameSite=Lax`,
        `ef_exp_neet-repeater-2025=${choice.variantKey}; Path=/; Max-Age=7776000; SameSite=Lax; HttpOnly`,
      ]);
      expect(choice.exposure?.variantKey).toBe(choice.variantKey);
      counts.set(choice.variantKey, (counts.get(choice.variantKey) ?? 0) + 1);
    }
    // σ of a share of 1,000 at 30 % is 1.45 points: 4 points is ~3σ.
    expect(Math.abs((counts.get('iacst_repeater_jee') ?? 0) / 1000 - 0.3)).toBeLessThan(0.04);
    expect((counts.get('iacst_repeater_neet') ?? 0) + (counts.get('iacst_repeater_jee') ?? 0)).toBe(1000);
  });

  it('the arm is the hash of the experiment and the visitor: the same on every server, without a cookie of the arm', () => {
    const cookieHeader = 'ef_vid=0123456789abcdef0123';
    const arms = new Set(
      [1, 2, 3].map(
        () =>
          chooseVariant(EXPERIMENT, { userAgent: CHROME, cookieHeader, newVisitorId: () => 'unused' })
            .variantKey,
      ),
    );
    expect(arms.size).toBe(1);
    const choice = chooseVariant(EXPERIMENT, {
      userAgent: CHROME,
      cookieHeader,
      newVisitorId: () => 'unused',
    });
    expect(choice.exposure).toEqual({ visitor: '0123456789abcdef0123', variantKey: choice.variantKey });
    // The visitor id stands (no ef_vid cookie sent again); the arm's cookie is given.
    expect(choice.setCookies).toHaveLength(1);
    expect(bucketOf('neet-repeater-2025', '0123456789abcdef0123')).toBeGreaterThanOrEqual(0);
    expect(choice.variantKey).toBe(
      bucketOf('neet-repeater-2025', '0123456789abcdef0123') < 0.7
        ? 'iacst_repeater_neet'
        : 'iacst_repeater_jee',
    );
  });

  it('a returning visitor keeps the variant their cookie names, and is not given it again', () => {
    const cookie =
      'ef_session=; ef_vid=returning-visitor-0001; ef_exp_neet-repeater-2025=iacst_repeater_jee; other=1';
    expect(
      chooseVariant(EXPERIMENT, { userAgent: CHROME, cookieHeader: cookie, newVisitorId: () => 'x' }),
    ).toEqual({
      variantKey: 'iacst_repeater_jee',
      routePath: '/jee-repeater-scholarship',
      setCookies: [],
      exposure: { visitor: 'returning-visitor-0001', variantKey: 'iacst_repeater_jee' },
    });
    // A cookie naming a variant the experiment no longer has: the hash decides, and is given the cookie.
    const again = chooseVariant(EXPERIMENT, {
      userAgent: CHROME,
      cookieHeader: 'ef_vid=returning-visitor-0001; ef_exp_neet-repeater-2025=gone',
      newVisitorId: () => 'x',
    });
    expect(again.setCookies[0]).toMatch(/^ef_exp_neet-repeater-2025=iacst_repeater_(neet|jee);/);
    // A visitor id that is not one (too short) is replaced.
    const minted = chooseVariant(EXPERIMENT, {
      userAgent: CHROME,
      cookieHeader: 'ef_vid=short',
      newVisitorId: () => 'minted-visitor-id-0001',
    });
    expect(minted.exposure?.visitor).toBe('minted-visitor-id-0001');
  });

  it('search engines and link previews see the default, with no cookie', () => {
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      undefined,
    ];
    for (const userAgent of bots) {
      expect(isBotOrPreview(userAgent)).toBe(true);
      expect(chooseVariant(EXPERIMENT, { userAgent, newVisitorId: () => 'never-a-visitor-0001' })).toEqual({
        variantKey: 'iacst_repeater_neet',
        routePath: '/neet-repeater-scholarship',
        setCookies: [],
      });
    }
    expect(isBotOrPreview(CHROME)).toBe(false);
    expect(
      isBotOrPreview('Mozilla/5.0 (Linux; Android 11; Cubot X30) AppleWebKit/537.36 Chrome/90.0 Mobile'),
    ).toBe(false);
  });

  it('reads one cookie of a header', () => {
    expect(cookieValue('a=1; ef_exp_x=b; c=3', 'ef_exp_x')).toBe('b');
    expect(cookieValue('xef_exp_x=b', 'ef_exp_x')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at raw JSON
let copy: ConfigCopy | undefined;
afterEach(() => copy?.remove());

function problemsWith(experiments: Json[]) {
  copy = copyConfig();
  copy.edit<Json>('site.json', (site) => (site.experiments = experiments));
  return validateConfig(copy.dir).problems.filter((p) => p.file === 'site.json');
}

const split = (
  variants: [string, number][],
  path = '/neet-repeater-scholarship',
  id = 'neet-repeater-2025',
) => ({
  id,
  path,
  variants: variants.map(([variantKey, weight]) => ({ variantKey, weight })),
});

describe('validate:config on experiments', () => {
  it('takes a split of one path between variants of its programme', () => {
    expect(
      problemsWith([
        split([
          ['iacst_repeater_neet', 50],
          ['iacst_repeater_jee', 50],
        ]),
      ]),
    ).toEqual([]);
  });

  it('refuses weights that do not add up to 100', () => {
    expect(
      problemsWith([
        split([
          ['iacst_repeater_neet', 50],
          ['iacst_repeater_jee', 40],
        ]),
      ]),
    ).toEqual([
      { file: 'site.json', pointer: '/experiments/0/variants', message: 'the weights add up to 90, not 100' },
    ]);
  });

  it('refuses an unknown variant', () => {
    expect(
      problemsWith([
        split([
          ['iacst_repeater_neet', 50],
          ['iacst_repeater_new', 50],
        ]),
      ]),
    ).toEqual([
      {
        file: 'site.json',
        pointer: '/experiments/0/variants/1/variantKey',
        message: 'variant "iacst_repeater_new" is not a landing variant (no landing has that variantKey)',
      },
    ]);
  });

  it('refuses variants of different programmes', () => {
    // A key every programme may have (default) is the path's own programme's page: iACST's here.
    expect(
      problemsWith([
        split([
          ['iacst_repeater_neet', 50],
          ['default', 50],
        ]),
      ]),
    ).toEqual([]);
    // /mock-neet-exam is a page of mock-neet; iacst_repeater_neet is a page of iacst.
    const problems = problemsWith([
      split(
        [
          ['default', 50],
          ['iacst_repeater_neet', 50],
        ],
        '/mock-neet-exam',
      ),
    ]);
    expect(problems).toEqual([
      {
        file: 'site.json',
        pointer: '/experiments/0/variants/1/variantKey',
        message:
          'variant "iacst_repeater_neet" is a page of programme iacst, but /mock-neet-exam is a page of mock-neet: an experiment\'s variants share one programme',
      },
    ]);
  });

  it('refuses a split without the page that owns the path, a path that is no landing, and repeats', () => {
    const problems = problemsWith([
      split([
        ['iacst_repeater_jee', 50],
        ['iacst_adst', 50],
      ]),
      split(
        [
          ['iacst_repeater_jee', 50],
          ['iacst_adst', 50],
        ],
        '/login',
        'other',
      ),
      split(
        [
          ['iacst_repeater_neet', 50],
          ['iacst_repeater_neet', 50],
        ],
        '/neet-repeater-scholarship',
        'third',
      ),
    ]);
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/experiments/0/variants',
        'the page at /neet-repeater-scholarship (variant "iacst_repeater_neet") must be one of the variants: it is the default that search engines see',
      ],
      ['/experiments/1/path', 'path "/login" is not a landing page\'s path'],
      ['/experiments/2/path', 'path "/neet-repeater-scholarship" is split by two experiments'],
      ['/experiments/2/variants/1/variantKey', 'variant "iacst_repeater_neet" is listed twice'],
    ]);
  });
});
