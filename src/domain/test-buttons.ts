// What a test button may do, from the text the server wrote on it (part 2 §4 "Main card button
// states", "Test launch"). Pure: the dashboard blocks and the test-launch machine ask these, so a
// disabled button and a refused launch follow one rule.

/** active: starts or resumes a test; result: opens a result; disabled: shown, cannot be pressed. */
export type TestButtonState = 'active' | 'result' | 'disabled';

// The spec's lists, lower-cased. 'start test' and 'view report' are the server's words for the
// same two actions on sample papers (server/routes/dashboard/build.ts paperButton).
const ACTIVE = new Set(['start now', 'resume', 're-attempt', 'begin test', 'resume test', 'start test']);
const RESULT = new Set(['view result', 'view report']);

const normalise = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Active: start now, resume, re-attempt, begin test, resume test. Result: View Result. Everything
 * else (upcoming, missed, result awaited, and any text the spec does not name) is disabled, so an
 * unknown state can never launch a test.
 */
export function testButtonState(text: string): TestButtonState {
  const key = normalise(text);
  if (ACTIVE.has(key)) return 'active';
  if (RESULT.has(key)) return 'result';
  return 'disabled';
}

/** The launch's event_type: exam for a button that begins a test ('Begin Test'), else result. */
export const launchEventType = (text: string): 'exam' | 'result' =>
  testButtonState(text) === 'active' ? 'exam' : 'result';

/**
 * The buttons of one series' papers, in order: each paper's own state, except that every paper
 * after the first 'Begin Test' paper is disabled (Paper 2 waits for Paper 1).
 */
export function seriesPaperStates(papers: readonly { btn_txt: string }[]): TestButtonState[] {
  const first = papers.findIndex((paper) => normalise(paper.btn_txt) === 'begin test');
  return papers.map((paper, i) => (first !== -1 && i > first ? 'disabled' : testButtonState(paper.btn_txt)));
}
