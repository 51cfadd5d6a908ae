import { describe, expect, it } from 'vitest';
import { applyWaiver, discountedPrice, formatInr, waiverPercent } from './fees';

describe('waiverPercent', () => {
  it.each([
    ['Chargeable', 0],
    [' chargeable ', 0],
    ['0', 0],
    [0, 0],
    ['50%', 50],
    ['50', 50],
    [50, 50],
    ['12.5%', 12.5],
    ['100%', 100],
    ['150%', 100],
    [null, 0],
    [undefined, 0],
    ['', 0],
    ['-20%', 0],
    ['fifty', 0],
    ['50%%', 0],
  ] as const)('%j → %d', (value, percent) => expect(waiverPercent(value)).toBe(percent));
});

describe('discountedPrice', () => {
  it('subtracts price × percent and rounds to the nearest rupee', () => {
    expect(discountedPrice(10000, 50)).toBe(5000);
    expect(discountedPrice(999, 50)).toBe(500); // 499.5 rounds up
    expect(discountedPrice(1001, 33)).toBe(671); // 670.67
    expect(discountedPrice(1003, 12.5)).toBe(878); // 877.625
    expect(discountedPrice(15000, 0)).toBe(15000);
    expect(discountedPrice(15000, 100)).toBe(0);
  });
});

describe('applyWaiver', () => {
  const prices = {
    'Registration Fee': 2000,
    'Admission Kit & Digital Access': 15000,
    'Tuition Fee': 145000,
    'Tech + Exam Fee': 12000,
    'Classroom Fee Service': 20000,
  };

  it('applies each component its own waiver and never waives the registration fee', () => {
    const breakup = applyWaiver(prices, {
      admfee: 'Chargeable',
      tuitionfee: '50%',
      Technology_Examination_Fee: '100',
      ClassroomService: 25,
    });
    expect(breakup.rows).toEqual([
      { key: 'Registration Fee', value: 2000, strike_value: null, percent: 0 },
      { key: 'Admission Kit & Digital Access', value: 15000, strike_value: null, percent: 0 },
      { key: 'Tuition Fee', value: 72500, strike_value: 145000, percent: 50 },
      { key: 'Tech + Exam Fee', value: 0, strike_value: 12000, percent: 100 },
      { key: 'Classroom Fee Service', value: 15000, strike_value: 20000, percent: 25 },
    ]);
    expect(breakup.listTotal).toBe(194000);
    expect(breakup.total).toBe(2000 + 15000 + 72500 + 0 + 15000);
    expect(breakup.savings).toBe(194000 - breakup.total);
  });

  it('without a waiver record the list prices stand', () => {
    const breakup = applyWaiver(prices, null);
    expect(breakup.rows.every((row) => row.strike_value === null)).toBe(true);
    expect(breakup).toMatchObject({ listTotal: 194000, total: 194000, savings: 0 });
  });

  it('keeps the display order and skips components the course does not have', () => {
    const breakup = applyWaiver({ 'Tuition Fee': 1001, 'Registration Fee': 500 }, { tuitionfee: '33%' });
    expect(breakup.rows.map((row) => row.key)).toEqual(['Registration Fee', 'Tuition Fee']);
    expect(breakup).toMatchObject({ listTotal: 1501, total: 500 + 671, savings: 330 });
  });
});

describe('formatInr', () => {
  it('groups digits the Indian way', () => {
    expect(formatInr(145000)).toBe('1,45,000');
    expect(formatInr(19400000)).toBe('1,94,00,000');
    expect(formatInr(999)).toBe('999');
  });
});
