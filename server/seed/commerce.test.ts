// Courses are named for the session on sale, as the exam dates are for today's season.
import { describe, expect, it } from 'vitest';
import { seasonal, sessionOnSale } from './commerce';

describe('the courses on sale', () => {
  it('are for the session that begins within 9 months: admissions for the next open in July', () => {
    expect(sessionOnSale(new Date('2026-03-12T06:00:00Z'))).toBe(2026);
    expect(sessionOnSale(new Date('2026-06-30T12:00:00Z'))).toBe(2026);
    // 30 June, 19:00 UTC is 1 July in India.
    expect(sessionOnSale(new Date('2026-06-30T19:00:00Z'))).toBe(2027);
    expect(sessionOnSale(new Date('2026-12-06T06:00:00Z'))).toBe(2027);
  });

  it('move their titles and terms on from the session they are written for (2025-26)', () => {
    const december = new Date('2026-12-06T06:00:00Z');
    expect(seasonal('Two Year Integrated Classroom Course for NEET 2027', december)).toBe(
      'Two Year Integrated Classroom Course for NEET 2029',
    );
    expect(seasonal('2025-2027', december)).toBe('2027-2029');
    expect(seasonal('2025-2026', new Date('2025-04-01T06:00:00Z'))).toBe('2025-2026');
    expect(seasonal('Class 12 Passed', december)).toBe('Class 12 Passed');
  });
});
