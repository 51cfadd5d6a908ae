import { describe, expect, it } from 'vitest';
import mockJee from '../../config/programmes/mock-jee.json';
import mockNeet from '../../config/programmes/mock-neet.json';
import type { Programme } from '../generated/config/programme';
import { seasonDates, seasonMonths, seasonShift, seasonTerm } from './season';

const neet = mockNeet.schedule as Programme['schedule'];
const jee = mockJee.schedule as Programme['schedule'];

describe('a season that repeats yearly', () => {
  it('is the configured one while a date is still open for enrolment', () => {
    expect(seasonDates(neet, '2025-04-01', 5)).toEqual(['2025-04-13', '2025-04-20', '2025-04-27']);
    expect(seasonDates(neet, '2025-04-21', 5)).toEqual(['2025-04-13', '2025-04-20', '2025-04-27']);
  });

  it('moves to next year once its last date has closed', () => {
    // 27 April closes 5 days before: from 22 April the next season is the one on offer.
    expect(seasonDates(neet, '2025-04-22', 5)).toEqual(['2026-04-13', '2026-04-20', '2026-04-27']);
    expect(seasonDates(jee, '2026-11-25')).toEqual([
      '2027-04-29',
      '2027-05-02',
      '2027-05-06',
      '2027-05-09',
      '2027-05-13',
      '2027-05-15',
    ]);
    expect(seasonMonths(jee, '2026-11-25')).toEqual(['2027-04', '2027-05']);
  });

  it("is this year's before its dates, and any number of years on", () => {
    expect(seasonShift(neet, '2031-01-10', 5)).toBe(6);
    expect(seasonDates(neet, '2031-04-25', 5)).toEqual(['2032-04-13', '2032-04-20', '2032-04-27']);
  });

  it('without repeatsYearly, the dates are offered as written', () => {
    const fixed = { ...neet, repeatsYearly: false };
    expect(seasonDates(fixed, '2026-11-25', 5)).toEqual(['2025-04-13', '2025-04-20', '2025-04-27']);
    expect(seasonMonths({ ...jee, repeatsYearly: undefined }, '2026-11-25')).toEqual(['2025-04', '2025-05']);
  });

  it('sold whole (MOCK-JEE), closes when its first test begins: the next series is offered, at the whole price', () => {
    const first = ['2025-04-29', '2025-05-02', '2025-05-06', '2025-05-09', '2025-05-13', '2025-05-15'];
    expect(seasonDates(jee, '2025-04-28')).toEqual(first);
    expect(seasonDates(jee, '2025-04-29')).toEqual(first.map((d) => d.replace('2025', '2026')));
    expect(seasonDates(jee, '2025-05-07')).toEqual(first.map((d) => d.replace('2025', '2026')));
    // Not sold whole: on offer while its last test is ahead.
    expect(seasonDates({ ...jee, soldWhole: false }, '2025-05-07')).toEqual(first);
  });

  it('carries its academic term with it (a lead-term coupon applies in its season only)', () => {
    expect(seasonTerm(neet, '2025-04-01', 5)).toBe('2024-25');
    expect(seasonTerm(neet, '2026-03-12', 5)).toBe('2025-26');
    expect(seasonTerm(neet, '2026-12-06', 5)).toBe('2026-27');
    expect(seasonTerm(neet, '2099-12-06', 5)).toBe('2099-00');
    expect(seasonTerm({ ...neet, repeatsYearly: false }, '2026-12-06', 5)).toBe('2024-25');
    expect(seasonTerm({ ...neet, term: undefined }, '2026-12-06', 5)).toBeUndefined();
  });
});
