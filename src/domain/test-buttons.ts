// What a test button may do, from the state the server sends on its card (exam_data.state; part 2
// §4 "Main card button states", "Test launch"; decision 026). Pure: the dashboard blocks, the
// test-launch machine and the server's launch payload ask these, so a disabled button, a refused
// launch and the payload's event_type follow one rule. The button's text is the spec's, shown as the
// server sent it: nothing here reads it, so a reworded or translated button behaves the same.
import type { TestState } from '../generated/api/dashboard';

/** active: starts or resumes a test; result: opens a result; disabled: shown, cannot be pressed. */
export type TestButtonState = 'active' | 'result' | 'disabled';

/**
 * Active: open (Start Now, Begin Test) and resume (Resume Test). Result: result (View Result).
 * Everything else (upcoming, offline_day, missed, awaited, locked, and a state this client does
 * not know) is disabled, so an unknown state can never launch a test.
 */
export function testButtonState(state: TestState): TestButtonState {
  switch (state) {
    case 'open':
    case 'resume':
      return 'active';
    case 'result':
      return 'result';
    default:
      return 'disabled';
  }
}

/** The launch's event_type: exam for a button that begins a test, else result (part 2 §4). */
export const launchEventType = (state: TestState): 'exam' | 'result' =>
  testButtonState(state) === 'active' ? 'exam' : 'result';

/**
 * The buttons of one series' papers, in order: each paper's own state, except that every paper
 * after the first one that begins a test is disabled (Paper 2 waits for Paper 1).
 */
export function seriesPaperStates(states: readonly TestState[]): TestButtonState[] {
  const first = states.findIndex((state) => testButtonState(state) === 'active');
  return states.map((state, i) => (first !== -1 && i > first ? 'disabled' : testButtonState(state)));
}
