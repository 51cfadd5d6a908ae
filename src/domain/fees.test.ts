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

// Worked by hand (part 2 §9: each percent component deducted and rounded; totals and savings).
describe('applyWaiver: hand-worked examples', () => {
  it('rounds each component at .5 upwards, before summing', () => {
    // Admission kit 1001 at 50%: 1001 − 500.5 = 500.5 → 501. Tuition 3 at 50%: 1.5 → 2.
    // Classroom 5 at 10%: 5 − 0.5 = 4.5 → 5. Total 2000 + 501 + 2 + 5 = 2508; list 3009; saved 501.
    const breakup = applyWaiver(
      {
        'Registration Fee': 2000,
        'Admission Kit & Digital Access': 1001,
        'Tuition Fee': 3,
        'Classroom Fee Service': 5,
      },
      { admfee: '50%', tuitionfee: '50', ClassroomService: '10%' },
    );
    expect(breakup.rows.map((r) => [r.key, r.value, r.strike_value])).toEqual([
      ['Registration Fee', 2000, null],
      ['Admission Kit & Digital Access', 501, 1001],
      ['Tuition Fee', 2, 3],
      ['Classroom Fee Service', 5, null],
    ]);
    expect(breakup).toMatchObject({ listTotal: 3009, total: 2508, savings: 501 });
  });

  it('a 0% waiver (and "0", and "Chargeable") changes nothing and strikes nothing', () => {
    const prices = { 'Registration Fee': 1500, 'Tuition Fee': 80000, 'Tech + Exam Fee': 7000 };
    for (const none of ['0%', '0', 0, 'Chargeable']) {
      const breakup = applyWaiver(prices, { tuitionfee: none, Technology_Examination_Fee: none });
      expect(breakup.rows.every((r) => r.strike_value === null && r.percent === 0)).toBe(true);
      expect(breakup).toMatchObject({ listTotal: 88500, total: 88500, savings: 0 });
    }
  });

  it('the scholarship example: 90% off tuition 1,45,000 and 50% off tech 12,000', () => {
    // 145000 × 0.9 = 130500 off → 14500; 12000 × 0.5 = 6000 off → 6000.
    const breakup = applyWaiver(
      { 'Registration Fee': 2000, 'Tuition Fee': 145000, 'Tech + Exam Fee': 12000 },
      { tuitionfee: '90%', Technology_Examination_Fee: 50 },
    );
    expect(breakup).toMatchObject({ listTotal: 159000, total: 22500, savings: 136500 });
    expect(formatInr(breakup.savings)).toBe('1,36,500');
  });
});
