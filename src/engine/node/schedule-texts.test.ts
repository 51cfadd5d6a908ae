import { describe, expect, it } from 'vitest';
import { clockTimes, earlyMinutes, testLengths } from './schedule-texts';

describe('the times and lengths a text names', () => {
  it('reads English and Hindi clock times', () => {
    expect(clockTimes('Any day, 9 AM to 10 PM; until 9 PM; 10:00 AM to 1:20 PM; 12 PM')).toEqual([
      '09:00',
      '22:00',
      '21:00',
      '10:00',
      '13:20',
      '12:00',
    ]);
    expect(clockTimes('सुबह 9 बजे से रात 10 बजे तक, दोपहर 2 बजे, शाम 6 बजे')).toEqual([
      '09:00',
      '22:00',
      '14:00',
      '18:00',
    ]);
    expect(clockTimes('Class 12, 90% scholarship, 48 hours')).toEqual([]);
  });
  it('reads the test lengths, not other spans of time', () => {
    expect(testLengths('The test lasts 3 hours. Online test of 60 minutes. (3 hours 20 minutes)')).toEqual([
      180, 60, 200,
    ]);
    expect(testLengths('60 मिनट की निःशुल्क परीक्षा')).toEqual([60]);
    expect(testLengths('Arrive 30 minutes early; it stays open for 48 hours.')).toEqual([]);
  });
  it('reads how early a text says to arrive, in English and Hindi', () => {
    expect(earlyMinutes('Arrive at least 30 minutes early with your printed admit card.')).toEqual([30]);
    expect(earlyMinutes('परीक्षा से 45 मिनट पहले केंद्र पर पहुँचें')).toEqual([45]);
    expect(earlyMinutes('The test lasts 60 minutes; start early.')).toEqual([]);
  });
  it('reads the Hindi times the thank-you writes (showTime) as the same clock times', () => {
    expect(clockTimes('सुबह 09:30 बजे, दोपहर 01:20 बजे, शाम 07:00 बजे, रात 10:00 बजे')).toEqual([
      '09:30',
      '13:20',
      '19:00',
      '22:00',
    ]);
  });
});
