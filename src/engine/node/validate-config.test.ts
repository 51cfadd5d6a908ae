import { formatInr } from '../../domain/fees';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../../tests/fixtures/config-copy';
import { LOGIN_MESSAGE_KEYS } from '../../machines/login-machine';
import { RECOVERY_MESSAGE_KEYS } from '../../machines/recovery-machine';
import { configDir } from './paths';
import { CheckedFiles, validateConfig, type Problem } from './validate-config';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at raw JSON

let copy: ConfigCopy | undefined;
afterEach(() => copy?.remove());

function problemsAfter(change: (c: ConfigCopy) => void): Problem[] {
  copy = copyConfig();
  change(copy);
  return validateConfig(copy.dir).problems;
}

describe('validateConfig on the shipped config', () => {
  it('finds no problem and returns every programme, landing and locale', () => {
    const result = validateConfig(configDir());
    expect(result.problems).toEqual([]);
    expect(Object.keys(result.bundle?.programmes ?? {}).sort()).toEqual([
      'iacst',
      'iat',
      'mock-jee',
      'mock-neet',
      'sample-pack',
    ]);
    expect(result.bundle?.strings.hi).toBeDefined();
  });

  it('every English landing of a paid programme says its fee before registration (as the config has it)', () => {
    const bundle = validateConfig(configDir()).bundle;
    const landings = Object.values(bundle?.landings ?? {})
      .map(({ landing }) => landing)
      .filter((landing) => landing.locale === 'en');
    const unannounced = landings.flatMap((landing) => {
      const programme = bundle?.programmes[landing.programme];
      if (!programme || programme.fee.amount <= 0 || !programme.registration) return [];
      const text = JSON.stringify([landing.blocks, programme.criteria]);
      // As the page says it: the placeholder {fee} filled in Indian figures (1,200).
      const fee = formatInr(programme.fee.amount);
      return new RegExp(`\\b${fee} rupees|₹ ?${fee}\\b`).test(text)
        ? []
        : [`${landing.paths[0] ?? '?'} (${programme.fee.amount} rupees)`];
    });
    expect(unannounced).toEqual([]);
  });
});

describe('validating again with the files checked before (the Studio)', () => {
  it('finds what a fresh validation finds as files change, and keeps the unchanged files frozen', () => {
    const config = copyConfig();
    copy = config;
    const checked = new CheckedFiles();
    const both = () => {
      const fresh = validateConfig(config.dir);
      const again = validateConfig(config.dir, { checked });
      expect(again.problems).toEqual(fresh.problems);
      expect(again.bundle).toEqual(fresh.bundle);
      return again;
    };
    const first = both();
    expect(first.problems).toEqual([]);
    expect(Object.isFrozen(first.bundle?.landings[0]?.landing)).toBe(true);
    // A programme's closing time changed: its unchanged landing pages are told off again.
    config.edit<Json>('programmes/iacst.json', (d) => {
      for (const slot of (d.schedule as Json).slots as Json[]) slot.end = '21:00';
    });
    const moved = both();
    expect(moved.problems.some((p) => p.file === 'landings/iacst-default.json')).toBe(true);
    // A page broken, then mended: each text is checked as it now is.
    config.edit<Json>('programmes/iacst.json', (d) => {
      for (const slot of (d.schedule as Json).slots as Json[]) slot.end = '22:00';
    });
    config.edit<Json>('landings/mock-neet.json', (d) => (d.blocks[1].type = 'herro'));
    expect(both().problems).toContainEqual(expect.objectContaining({ pointer: '/blocks/1/type' }));
    config.edit<Json>('landings/mock-neet.json', (d) => (d.blocks[1].type = 'hero'));
    expect(both().problems).toEqual([]);
  });
});

describe('schema problems name the file, the JSON pointer and the mistake', () => {
  it('an unknown block type is an error, never a silent skip', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/mock-neet.json', (d) => (d.blocks[1].type = 'herro')),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'landings/mock-neet.json',
        pointer: '/blocks/1/type',
        message: expect.stringMatching(/^unknown block type "herro"; expected one of .*"hero"/),
      }),
    );
  });
  it('a misspelt property is reported by name', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/iacst-default.json', (d) => (d.titel = 'x')),
    );
    expect(problems).toContainEqual({
      file: 'landings/iacst-default.json',
      pointer: '',
      message: expect.stringContaining('unknown property "titel"'),
    });
  });
  it('a missing field of a known block type is reported at that block', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/mock-neet.json', (d) => {
        const faq = d.blocks.findIndex((b: Json) => b.type === 'faq');
        delete d.blocks[faq].items;
      }),
    );
    expect(
      problems.some(
        (p) => /^\/blocks\/\d+$/.test(p.pointer) && p.message === 'missing required property "items"',
      ),
    ).toBe(true);
  });
  it('a wrong type and a too-short description are explained', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/mock-neet.json', (d) => (d.fee.amount = '200')),
    );
    expect(problems).toContainEqual({
      file: 'programmes/mock-neet.json',
      pointer: '/fee/amount',
      message: 'must be integer, not string',
    });
    const short = problemsAfter((c) =>
      c.edit<Json>('landings/adst.json', (d) => (d.description = 'Too short')),
    );
    expect(short).toContainEqual({
      file: 'landings/adst.json',
      pointer: '/description',
      message: 'must be at least 50 characters (has 9)',
    });
  });
  it('broken JSON is reported with the file', () => {
    const problems = problemsAfter((c) =>
      writeFileSync(path.join(c.dir, 'landings/adst.json'), '{ "paths": ['),
    );
    expect(problems).toContainEqual({
      file: 'landings/adst.json',
      pointer: '',
      message: expect.stringMatching(/^not valid JSON: /),
    });
  });
  it('a Hindi file that misses a UI string is an error', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('i18n/hi.json', (d) => delete d.strings['faq.heading']),
    );
    expect(problems).toContainEqual({
      file: 'i18n/hi.json',
      pointer: '/strings',
      message: 'missing required property "faq.heading"',
    });
  });
  // Machines store message keys (StringKey: a key the schema lacks does not typecheck); the schema
  // requires each key in every locale, so a machine's message without its Hindi text fails here.
  it.each([...LOGIN_MESSAGE_KEYS, ...RECOVERY_MESSAGE_KEYS, 'registration.signupFailed' as const])(
    'a locale that misses the machine message %s is an error',
    (key) => {
      const problems = problemsAfter((c) =>
        c.edit<Json>('i18n/hi.json', (d) => {
          d.strings = Object.fromEntries(Object.entries(d.strings as Json).filter(([k]) => k !== key));
        }),
      );
      expect(problems).toContainEqual({
        file: 'i18n/hi.json',
        pointer: '/strings',
        message: `missing required property "${key}"`,
      });
    },
  );
});

describe('cross-file checks', () => {
  it("iACST closing at 9 PM leaves every page that says 10 PM (English and Hindi) and 9 PM's cut-off named", () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/iacst.json', (d) => {
        for (const slot of (d.schedule as Json).slots as Json[]) slot.end = '21:00';
      }),
    );
    const at = (file: string) => problems.filter((p) => p.file === file).map((p) => p.message);
    // The programme's own slot labels and details, the default landing and a Hindi repeater page.
    expect(at('programmes/iacst.json')).toContainEqual(
      expect.stringMatching(/^names 22:00, which programme "iacst"/),
    );
    expect(at('landings/iacst-default.json').length).toBeGreaterThanOrEqual(3);
    expect(at('landings/neet-repeater-hindi.json')).toContainEqual(expect.stringMatching(/^names 22:00/));
    // 9 PM is still known (the same-day cut-off, and now the close): no page is told off for it.
    expect(problems.some((p) => p.message.startsWith('names 21:00'))).toBe(false);
  });
  it("a test length a page names is the programme's durationMinutes", () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/iat.json', (d) => ((d.schedule as Json).durationMinutes = 150)),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'programmes/iat.json',
        message: 'says the test lasts 180 minutes; programme "iat"\'s durationMinutes is 150',
      }),
    );
  });
  it("how early a MOCK-NEET text says to arrive is the programme's reporting time (windows.reportingMinutesBefore)", () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/mock-neet.json', (d) => ((d.windows as Json).reportingMinutesBefore = 45)),
    );
    const early = problems.filter((p) => p.file === 'programmes/mock-neet.json').map((p) => p.message);
    // The admit-card detail and the dashboard FAQ's "arrive (at least) 30 minutes early".
    expect(early).toContainEqual(
      'says to arrive 30 minutes early; programme "mock-neet"\'s windows.reportingMinutesBefore is 45',
    );
    expect(early.filter((m) => m.startsWith('says to arrive')).length).toBeGreaterThanOrEqual(2);
    const unset = problemsAfter((c) =>
      c.edit<Json>('programmes/mock-neet.json', (d) => delete (d.windows as Json).reportingMinutesBefore),
    );
    expect(unset.map((p) => p.message)).toContainEqual(
      'says to arrive 30 minutes early; programme "mock-neet" sets no windows.reportingMinutesBefore',
    );
  });
  it('a same-day cut-off with "only dates from tomorrow onward" is a contradiction', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/iacst.json', (d) => ((d.schedule as Json).firstDay = 'tomorrow')),
    );
    expect(problems).toContainEqual({
      file: 'programmes/iacst.json',
      pointer: '/schedule/sameDayRegistrationClosesAt',
      message:
        'a same-day cut-off needs a "daily" schedule with firstDay "today" (same-day registration offered)',
    });
  });
  it("a registration card's checked-list paths are the landing's, and online-only needs the switch", () => {
    const card = (d: Json) => (d.blocks as Json[]).find((b) => b.type === 'registration-card') as Json;
    const paths = problemsAfter((c) =>
      c.edit<Json>(
        'landings/iacst-default.json',
        (d) => (card(d).checkedListsOn = ['/iacst-exam', '/elsewhere']),
      ),
    );
    expect(paths).toContainEqual({
      file: 'landings/iacst-default.json',
      pointer: expect.stringMatching(/^\/blocks\/\d+\/checkedListsOn\/1$/),
      message: '"/elsewhere" is not one of this landing\'s paths',
    });
    const online = problemsAfter((c) =>
      c.edit<Json>('landings/mock-neet.json', (d) => (card(d).courseType = 'online')),
    );
    expect(online).toContainEqual({
      file: 'landings/mock-neet.json',
      pointer: expect.stringMatching(/^\/blocks\/\d+\/courseType$/),
      message: 'programme "mock-neet" has no registration.courseTypeSwitch to preset an online centre',
    });
  });
  it('paths are unique across landing files and screens', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/adst.json', (d) => d.paths.push('/mock-neet-exam')),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        pointer: expect.stringMatching(/^\/paths\/\d$/),
        message: expect.stringContaining('path "/mock-neet-exam" is already used by config/landings/'),
      }),
    );
    const screen = problemsAfter((c) =>
      c.edit<Json>('landings/adst.json', (d) => (d.paths = ['/dashboard'])),
    );
    expect(screen).toContainEqual({
      file: 'landings/adst.json',
      pointer: '/paths/0',
      message: 'path "/dashboard" is already used by config/site.json',
    });
  });
  it('a path or variant key two landings share is reported on both, whichever file sorts first', () => {
    // A copy of mock-neet.json that keeps its path and key, in a file sorting before it (the Studio
    // shows the problem at the copy's own field).
    const problems = problemsAfter((c) => c.write('landings/a-copy.json', c.read('landings/mock-neet.json')));
    for (const [file, other] of [
      ['landings/a-copy.json', 'landings/mock-neet.json'],
      ['landings/mock-neet.json', 'landings/a-copy.json'],
    ] as const) {
      expect(problems).toContainEqual({
        file,
        pointer: '/paths/0',
        message: `path "/mock-neet-exam" is already used by config/${other}`,
      });
      expect(problems).toContainEqual(
        expect.objectContaining({
          file,
          pointer: '/variantKey',
          message: expect.stringContaining(`config/${other}`),
        }),
      );
    }
  });
  it('paths are clear of the server, the dev tools and the app', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/adst.json', (d) => (d.paths = ['/studio', '/dashboard/offers'])),
    );
    expect(problems).toContainEqual({
      file: 'landings/adst.json',
      pointer: '/paths/0',
      message: 'path "/studio" is reserved for the server',
    });
    expect(problems).toContainEqual({
      file: 'landings/adst.json',
      pointer: '/paths/1',
      message:
        'path "/dashboard/offers" is inside /dashboard, whose pages belong to the app (config/site.json)',
    });
  });
  it('a variant key names one page across programmes (the registration API finds the programme by it)', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/mock-neet.json', (d) => (d.variantKey = 'iacst_adst')),
    );
    expect(problems).toContainEqual({
      file: 'landings/mock-neet.json',
      pointer: '/variantKey',
      message: expect.stringContaining(
        'variant key "iacst_adst" is already used by config/landings/adst.json',
      ),
    });
    const examType = problemsAfter((c) =>
      c.edit<Json>('landings/mock-neet.json', (d) => (d.variantKey = 'iat')),
    );
    expect(examType).toContainEqual({
      file: 'landings/mock-neet.json',
      pointer: '/variantKey',
      message: 'variant key "iat" is the exam type of programme iat',
    });
  });
  it('a translated page names an existing page of its programme in another locale', () => {
    const problem = (translationOf: string) =>
      problemsAfter((c) =>
        c.edit<Json>('landings/neet-repeater-hindi.json', (d) => (d.translationOf = translationOf)),
      ).filter((p) => p.pointer === '/translationOf');
    expect(problem('landings/neet-repeater.json')).toEqual([]);
    expect(problem('landings/nope.json')).toEqual([
      {
        file: 'landings/neet-repeater-hindi.json',
        pointer: '/translationOf',
        message: 'cannot translate that page: there is no file config/landings/nope.json',
      },
    ]);
    expect(problem('landings/medical-engineering-repeater-hindi.json')[0]?.message).toBe(
      'cannot translate that page: config/landings/medical-engineering-repeater-hindi.json is in the same locale (hi)',
    );
    expect(problem('landings/mock-neet.json')[0]?.message).toBe(
      'cannot translate that page: config/landings/mock-neet.json is a page of programme mock-neet, not iacst',
    );
  });
  it("every variant's programme exists", () => {
    const problems = problemsAfter((c) => c.edit<Json>('landings/adst.json', (d) => (d.programme = 'nope')));
    expect(problems).toContainEqual({
      file: 'landings/adst.json',
      pointer: '/programme',
      message: 'programme "nope" has no file config/programmes/nope.json',
    });
  });
  it("the site's sample-pack programme exists", () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('site.json', (d) => (d.commerce.samplePackProgramme = 'nope')),
    );
    expect(problems).toContainEqual({
      file: 'site.json',
      pointer: '/commerce/samplePackProgramme',
      message: 'programme "nope" has no file config/programmes/nope.json',
    });
  });
  it('a Hindi variant needs the hi strings file', () => {
    const problems = problemsAfter((c) => rmSync(path.join(c.dir, 'i18n/hi.json')));
    expect(problems).toContainEqual({
      file: 'landings/neet-repeater-hindi.json',
      pointer: '/locale',
      message: 'locale "hi" has no file config/i18n/hi.json',
    });
  });
  it("a strings file's locale matches its name", () => {
    const problems = problemsAfter((c) => c.edit<Json>('i18n/hi.json', (d) => (d.locale = 'en')));
    expect(problems).toContainEqual({
      file: 'i18n/hi.json',
      pointer: '/locale',
      message: 'locale "en" must match the file name',
    });
  });
  it('dates must be in order and slots must end after they start', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/mock-neet.json', (d) => {
        d.schedule.dates = ['2025-04-20', '2025-04-13'];
        d.schedule.slots[0].end = '09:00';
        d.registration.dob.max = '1990-01-01';
      }),
    );
    expect(problems).toContainEqual({
      file: 'programmes/mock-neet.json',
      pointer: '/schedule/dates/1',
      message: 'dates must be in order: 2025-04-13 comes after 2025-04-20',
    });
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/schedule/slots/0/end' }));
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/registration/dob/max' }));
  });
  it('referenced images must exist', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('site.json', (d) => (d.brand.logo.src = '/images/missing-logo.svg')),
    );
    expect(problems).toContainEqual({
      file: 'site.json',
      pointer: '/brand/logo/src',
      message: 'image /images/missing-logo.svg does not exist (expected public/images/missing-logo.svg)',
    });
  });
  it('in-page links must point at blocks on the page', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('landings/mock-neet.json', (d) => {
        const link = d.blocks.findIndex((b: Json) => b.type === 'how-to-register-link');
        d.blocks[link].target = 'nowhere';
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'landings/mock-neet.json',
        message: 'no block on this page has id "nowhere"',
      }),
    );
  });
  it('host profiles must point at real programmes and variants', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('hosts.json', (d) => {
        d.profiles[0].programme = 'ghost';
        d.defaultProfile = 'nobody';
      }),
    );
    expect(problems).toContainEqual({
      file: 'hosts.json',
      pointer: '/profiles/0/programme',
      message: 'programme "ghost" has no file config/programmes/ghost.json',
    });
    expect(problems).toContainEqual({
      file: 'hosts.json',
      pointer: '/defaultProfile',
      message: '"nobody" is not one of the profiles',
    });
  });
});

// The dashboard shows FAQ answers as HTML without sanitising them in the browser:
// the config must already be what the one sanitising rule leaves of it.
describe('FAQ answers shown as HTML pass the sanitising rule as they are', () => {
  const RULE = 'must be what the sanitising rule (src/domain/safe-html-rule.ts) keeps';
  it.each([
    ['<img src=x onerror=alert(1)>Hi', 'would remove <img src="x" onerror="alert(1)">'],
    ['<script>alert(1)</script>Hi', 'would remove <script>'],
    ['<a href="javascript:alert(1)">Hi</a>', 'would remove href="javascript:alert(1)" from <a>'],
    ['<p style="x" onclick="alert(1)">Hi</p>', 'would remove style="x" onclick="alert(1)" from <p>'],
    ['<iframe src="https://evil.example"></iframe>Hi', 'would remove <iframe src="https://evil.example">'],
    ['<video src="/media/a.mp4"></video>', 'would add controls="" to <video>'],
  ])("a programme's dashboard FAQ answer %s is refused: it %s", (html, change) => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/iacst.json', (d) => (d.dashboard.faq[0].points[1] = html)),
    );
    expect(problems).toEqual([
      {
        file: 'programmes/iacst.json',
        pointer: '/dashboard/faq/0/points/1',
        message: `this text is shown as HTML as it is, so it ${RULE}: the sanitising rule ${change}`,
      },
    ]);
  });
  it("the site's admissions FAQ too", () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('site.json', (d) => (d.admissionsFaq[2].points[0] = 'See <img src=x onerror=alert(1)>')),
    );
    expect(problems).toEqual([
      {
        file: 'site.json',
        pointer: '/admissionsFaq/2/points/0',
        message: `this text is shown as HTML as it is, so it ${RULE}: the sanitising rule would remove <img src="x" onerror="alert(1)">`,
      },
    ]);
  });
  it('markup the rule keeps passes, however it is quoted or cased', () => {
    const problems = problemsAfter((c) =>
      c.edit<Json>('programmes/iacst.json', (d) => {
        d.dashboard.faq[0].points = [
          "<STRONG>Bold</STRONG> <a href='/iacstexam'>here</a>, <a href=https://www.example.org/p?a=1&b=2>there</a>",
          '<ul><li>one<li>two</ul> a < b & c',
          '<video src="/media/how-to.mp4" controls></video>',
        ];
      }),
    );
    expect(problems).toEqual([]);
  });
});
