import { describe, expect, it } from 'vitest';
import { indiaDateTime, showDateTime, timeLabel } from './dates';
import type { TestState } from '../generated/api/dashboard';
import { launchEventType, seriesPaperStates, testButtonState } from './test-buttons';

describe('test button states (part 2 §4), by the state the server sends', () => {
  it.each<TestState>(['open', 'resume'])('%s is active and launches the exam', (state) => {
    expect(testButtonState(state)).toBe('active');
    expect(launchEventType(state)).toBe('exam');
  });
  it.each<TestState>(['upcoming', 'offline_day', 'missed', 'awaited', 'locked'])('%s is disabled', (state) =>
    expect(testButtonState(state)).toBe('disabled'),
  );
  it('a state this client does not know is disabled: it can never launch a test', () => {
    expect(testButtonState('reattempt' as TestState)).toBe('disabled');
    expect(testButtonState('' as TestState)).toBe('disabled');
  });
  it('result opens the result (event_type result)', () => {
    expect(testButtonState('result')).toBe('result');
    expect(launchEventType('result')).toBe('result');
    expect(launchEventType('missed')).toBe('result');
  });
});

describe('seriesPaperStates: papers after the first one to begin are disabled', () => {
  it('disables Paper 2 while Paper 1 is to begin, even when Paper 2 is open', () => {
    expect(seriesPaperStates(['open', 'open'])).toEqual(['active', 'disabled']);
    expect(seriesPaperStates(['resume', 'open'])).toEqual(['active', 'disabled']);
    expect(seriesPaperStates(['open', 'result', 'open'])).toEqual(['active', 'disabled', 'disabled']);
  });
  it('lets Paper 2 begin once Paper 1 has its result', () => {
    expect(seriesPaperStates(['result', 'open'])).toEqual(['result', 'active']);
    expect(seriesPaperStates(['awaited', 'open'])).toEqual(['disabled', 'active']);
    expect(seriesPaperStates(['result', 'result'])).toEqual(['result', 'result']);
    expect(seriesPaperStates(['missed', 'missed'])).toEqual(['disabled', 'disabled']);
    expect(seriesPaperStates([])).toEqual([]);
  });
});

describe('India time of an instant', () => {
  it('reads as people do', () => {
    expect(timeLabel('13:20')).toBe('01:20 PM');
    expect(timeLabel('00:05')).toBe('12:05 AM');
    expect(indiaDateTime('2026-05-01T03:30:00.000Z')).toEqual({
      isoDate: '2026-05-01',
      date: '1 May 2026 (Friday)',
      time: '09:00 AM',
    });
    // 20:00 UTC is already the next day in India.
    expect(indiaDateTime('2026-05-01T20:00:00Z')?.date).toBe('2 May 2026 (Saturday)');
    expect(indiaDateTime('not a time')).toBeUndefined();
    // One date style per locale: the same words on a Hindi page, and with the time.
    expect(indiaDateTime('2026-05-01T03:30:00.000Z', 'hi')).toMatchObject({
      date: '1 मई 2026 (शुक्रवार)',
      time: 'सुबह 09:00 बजे',
    });
    expect(showDateTime('2026-05-01T08:00:00Z')).toBe('1 May 2026 (Friday), 01:30 PM');
    expect(showDateTime('soon')).toBe('');
  });
});
