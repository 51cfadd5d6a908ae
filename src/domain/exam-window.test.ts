import { describe, expect, it } from 'vitest';
import mockNeet from '../../config/programmes/mock-neet.json';
import { latestFullStart, reportingTime } from './exam-window';

describe('an exam window', () => {
  it('reports the configured minutes before the slot opens (MOCK-NEET: 30 minutes before 10:00 AM)', () => {
    const [slot] = mockNeet.schedule.slots;
    if (!slot) throw new Error('MOCK-NEET has no slot');
    expect(reportingTime(slot, mockNeet.windows.reportingMinutesBefore)).toBe('09:30');
    expect(reportingTime({ start: '14:00' }, 45)).toBe('13:15');
    expect(reportingTime({ start: '09:00' }, 0)).toBe('09:00');
  });

  it('starts late enough to use the whole duration before the slot closes', () => {
    expect(latestFullStart({ start: '09:00', end: '22:00' }, 60)).toBe('21:00');
    expect(latestFullStart({ start: '10:00', end: '13:20' }, 200)).toBe('10:00');
  });
});
