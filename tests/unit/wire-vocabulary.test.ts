// One vocabulary on the wire (decision 026): the client decides by the codes the API sends
// (exam_data.state, exam_mode, qualified …) and only shows the display text beside them. This reads
// every client source file and fails on a comparison, a string test or a parse of a display field,
// on a display field handed to a function, and on the spec's button words written as data. The
// dashboard's own test (src/features/dashboard/blocks/button-states.test.tsx) shows the buttons
// behave the same whatever their words; this one keeps a new matcher from coming back elsewhere.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';

/**
 * Fields the API sends as display text (the schemas in schemas/api describe them as words shown as
 * sent): the client may show them, never decide by them.
 */
const DISPLAY_FIELDS = [
  'btn_txt',
  'exam_button_text',
  'report_text',
  'exam_mode_and_slot',
  'exam_location',
  'center_name',
  'card_title',
  'card_description',
  'exam_time',
  'exam_duration',
  'Status',
  'scholarship_msg',
  'dashboard_msg',
  'iacst_fomo_desc',
  'guided_journey_message',
  'guided_journey_sub_message',
  'scholarship_course_purchased_msg',
];

/**
 * The spec's button and status words (part 2 §4): as a string literal in code they can only be
 * there to be matched. (Resume, Upcoming, Missed, Online and Offline are also closed enum codes of
 * the schemas — a card's state, a series' status, a booking's mode — so they are not listed.)
 */
const SPEC_WORDS = [
  'start now',
  'begin test',
  'start test',
  'resume test',
  're-attempt',
  'view result',
  'view report',
  'result awaited',
  'exam today',
  'qualified',
  'not qualified',
];

const field = `(?:${DISPLAY_FIELDS.join('|')})`;
const STRING_METHODS =
  'includes|startsWith|endsWith|match|matchAll|test|search|indexOf|lastIndexOf|split|replace|replaceAll|toLowerCase|toUpperCase|localeCompare|normalize';

/** What a client file may not do with a display field, each with the reason it says. */
const RULES: Array<[string, RegExp]> = [
  ['compares a display field', new RegExp(`\\.${field}\\b\\)?\\s*(?:===|!==|==|!=)`)],
  ['compares with a display field', new RegExp(`(?:===|!==|==|!=)\\s*[\\w$?.!]*\\.${field}\\b`)],
  [
    'tests or parses a display field',
    new RegExp(`\\.${field}\\b\\)?(?:\\?)?\\s*\\.\\s*(?:trim\\(\\)\\s*\\.\\s*)?(?:${STRING_METHODS})\\b`),
  ],
  ['runs a regex over a display field', new RegExp(`\\.(?:test|exec)\\(\\s*[\\w$?.!]*\\.${field}\\b`)],
  ['hands a display field to a function', new RegExp(`[(,]\\s*[\\w$?.!]*\\.${field}\\s*[,)]`)],
  ['switches on a display field', new RegExp(`switch\\s*\\(\\s*[\\w$?.!]*\\.${field}\\s*\\)`)],
  [
    "writes the spec's button words as data",
    new RegExp(`(['"\`])(?:${SPEC_WORDS.map((w) => w.replace(/-/g, '\\-')).join('|')})\\1`, 'i'),
  ],
];

/** Code only: comments may name the words and the fields. */
const code = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Each line of a source that breaks a rule, as "file:line: reason: text". */
export function labelUses(file: string, text: string): string[] {
  const found: string[] = [];
  code(text)
    .split('\n')
    .forEach((line, i) => {
      for (const [reason, rule] of RULES)
        if (rule.test(line)) found.push(`${file}:${i + 1}: ${reason}: ${line.trim()}`);
    });
  return found;
}

/** The client's own source: src/ less generated code, tests and test fixtures. */
function clientSources(): string[] {
  return readdirSync(path.join(projectRoot, 'src'), { recursive: true, withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        /\.(ts|tsx)$/.test(e.name) &&
        !/\.test\.tsx?$/.test(e.name) &&
        !/fixtures?\.ts$|test-support\.ts$/.test(e.name),
    )
    .map((e) => path.relative(projectRoot, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith('src/generated/'));
}

describe('one vocabulary on the wire: the client decides by codes, never by display text', () => {
  it('no client source compares, tests, parses or hands on a display label', () => {
    const files = clientSources();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      labelUses(file, readFileSync(path.join(projectRoot, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  // The matchers this issue removed (git history), so the scan is shown to catch each kind.
  it.each([
    "const ACTIVE = new Set(['start now', 'resume', 're-attempt', 'begin test', 'resume test']);",
    "const first = papers.findIndex((paper) => normalise(paper.btn_txt) === 'begin test');",
    'const inactive = testButtonState(card.exam_data.btn_txt) === "disabled";',
    'onClick={() => actions.launchPaper(paper.exam_data, paper.btn_txt)}',
    "if (/offline/i.test(profile.exam_mode_and_slot)) return 'Offline';",
    "const offline = profile.exam_mode_and_slot.includes('Offline');",
    "export const isQualified = (data) => data.Status?.trim().toLowerCase() === 'qualified';",
    "if (card.exam_button_text === 'Start Now') start();",
    'switch (paper.btn_txt) {',
  ])('catches %s', (line) => {
    expect(labelUses('planted.ts', line)).not.toEqual([]);
  });

  it.each([
    "{busy ? t('testLaunch.opening') : paper.btn_txt}",
    '<dd>{card.exam_time}</dd>',
    '{card.report_text || card.exam_button_text}',
    '// Begin Test opens the paper (card.btn_txt is only shown)',
    "const offline = card.exam_mode === 'Offline';",
    "if (testButtonState(card.exam_data.state) === 'result') open();",
  ])('lets a view show a label, and decide by a code: %s', (line) => {
    expect(labelUses('fine.tsx', line)).toEqual([]);
  });
});
