import { describe, expect, it } from 'vitest';
import { indiaDateTime, timeLabel } from './dates';
import { launchEventType, seriesPaperStates, testButtonState } from './test-buttons';

describe('test button states (part 2 §4)', () => {
  it.each(['Start Now', 'Resume', 'Re-attempt', 'Begin Test', 'Resume Test', ' begin  test '])(
    '%j is active and launches the exam',
    (text) => {
      expect(testButtonState(text)).toBe('active');
      expect(launchEventType(text)).toBe('exam');
    },
  );
  it.each(['Upcoming', 'Missed', 'Result Awaited', 'Locked', 'Exam Today', '', 'anything else'])(
    '%j is disabled',
    (text) => expect(testButtonState(text)).toBe('disabled'),
  );
  it('View Result opens the result (event_type result)', () => {
    expect(testButtonState('View Result')).toBe('result');
    expect(launchEventType('View Result')).toBe('result');
    expect(launchEventType('Missed')).toBe('result');
  });
});

describe('seriesPaperStates: papers after the first Begin Test paper are disabled', () => {
  const papers = (...texts: string[]) => texts.map((btn_txt) => ({ btn_txt }));
  it('disables Paper 2 while Paper 1 is to begin, even when Paper 2 says Begin Test', () => {
    expect(seriesPaperStates(papers('Begin Test', 'Begin Test'))).toEqual(['active', 'disabled']);
    expect(seriesPaperStates(papers('Begin Test', 'View Result', 'Begin Test'))).toEqual([
      'active',
      'disabled',
      'disabled',
    ]);
  });
  it('lets Paper 2 begin once Paper 1 has its result', () => {
    expect(seriesPaperStates(papers('View Result', 'Begin Test'))).toEqual(['result', 'active']);
    expect(seriesPaperStates(papers('View Result', 'View Result'))).toEqual(['result', 'result']);
    expect(seriesPaperStates(papers('Missed', 'Missed'))).toEqual(['disabled', 'disabled']);
    expect(seriesPaperStates([])).toEqual([]);
  });
});

describe('India time of an instant', () => {
  it('reads as people do', () => {
    expect(timeLabel('13:20')).toBe('01:20 PM');
    expect(timeLabel('00:05')).toBe('12:05 AM');
    expect(indiaDateTime('2026-05-01T03:30:00.000Z')).toEqual({
      isoDate: '2026-05-01',
      date: '1 May 2026',
      time: '09:00 AM',
    });
    // 20:00 UTC is already the next day in India.
    expect(indiaDateTime('2026-05-01T20:00:00Z')?.date).toBe('2 May 2026');
    expect(indiaDateTime('not a time')).toBeUndefined();
  });
});
