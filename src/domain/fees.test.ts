import { describe, expect, it } from 'vitest';
import {
  applyWaiver,
  combineWaivers,
  discountedPrice,
  formatInr,
  scholarshipWaiver,
  waiverPercent,
} from './fees';

describe('waiverPercent', () => {
  it.each([
    ['Chargeable', 0],
    [' chargeable ', 0],
    // Part 2 §3 lists '0' apart from the percents: the component costs 0 (decision 013).
    ['0', 100],
    [' 0 ', 100],
    ['0%', 0],
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

  it("reads '0' as 0 % off when site commerce.waiverZero is 'chargeable'", () => {
    expect(waiverPercent('0', 'chargeable')).toBe(0);
    expect(waiverPercent('50%', 'chargeable')).toBe(50);
  });
});

describe('discountedPrice', () => {
  it('subtracts round(price × percent): the deduction is rounded to the nearest rupee', () => {
    expect(discountedPrice(10000, 50)).toBe(5000);
    expect(discountedPrice(999, 50)).toBe(499); // 499.5 off rounds to 500 off
    expect(discountedPrice(1001, 33)).toBe(671); // 670.67
    expect(discountedPrice(1003, 12.5)).toBe(878); // 877.625
    expect(discountedPrice(15000, 0)).toBe(15000);
    expect(discountedPrice(15000, 100)).toBe(0);
  });

  it('rounds a .5 deduction up even when binary arithmetic lands just below it', () => {
    // 250 × 64.6 % is 161.5 off, which floating point computes as 161.49999…: a bare Math.round
    // (the percent coupon's old rule) took 161 off; every fee now takes 162 off.
    expect(Math.round((250 * 64.6) / 100)).toBe(161);
    expect(discountedPrice(250, 64.6)).toBe(88);
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
  it('rounds each deduction at .5 upwards, before summing', () => {
    // Admission kit 1001 at 50%: 500.5 off → 501 off → 500. Tuition 3 at 50%: 1.5 off → 2 off → 1.
    // Classroom 5 at 10%: 0.5 off → 1 off → 4. Total 2000 + 500 + 1 + 4 = 2505; list 3009; saved 504.
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
      ['Admission Kit & Digital Access', 500, 1001],
      ['Tuition Fee', 1, 3],
      ['Classroom Fee Service', 4, 5],
    ]);
    expect(breakup).toMatchObject({ listTotal: 3009, total: 2505, savings: 504 });
  });

  it('a 0% waiver (and 0, and "Chargeable") changes nothing and strikes nothing', () => {
    const prices = { 'Registration Fee': 1500, 'Tuition Fee': 80000, 'Tech + Exam Fee': 7000 };
    for (const none of ['0%', 0, 'Chargeable']) {
      const breakup = applyWaiver(prices, { tuitionfee: none, Technology_Examination_Fee: none });
      expect(breakup.rows.every((r) => r.strike_value === null && r.percent === 0)).toBe(true);
      expect(breakup).toMatchObject({ listTotal: 88500, total: 88500, savings: 0 });
    }
    const chargeable = applyWaiver(prices, { tuitionfee: '0' }, 'chargeable');
    expect(chargeable).toMatchObject({ total: 88500, savings: 0 });
  });

  it("'0' makes the component free (the spec lists it apart from the percents)", () => {
    const prices = { 'Registration Fee': 1500, 'Tuition Fee': 80000, 'Tech + Exam Fee': 7000 };
    const breakup = applyWaiver(prices, { tuitionfee: 'Chargeable', Technology_Examination_Fee: '0' });
    expect(breakup.rows.map((r) => [r.key, r.value, r.strike_value])).toEqual([
      ['Registration Fee', 1500, null],
      ['Tuition Fee', 80000, null],
      ['Tech + Exam Fee', 0, 7000],
    ]);
    expect(breakup).toMatchObject({ total: 81500, savings: 7000 });
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

describe('scholarshipWaiver', () => {
  it("puts the scholarship's percent on the components the programme covers, the rest chargeable", () => {
    expect(scholarshipWaiver(75, ['Tuition Fee', 'Tech + Exam Fee'])).toEqual({
      admfee: 'Chargeable',
      tuitionfee: '75%',
      Technology_Examination_Fee: '75%',
      ClassroomService: 'Chargeable',
    });
  });

  it('the digital course of the IC006 demo student: 75% of ₹45,000 by component leaves ₹12,000', () => {
    const waiver = scholarshipWaiver(75, [
      'Admission Kit & Digital Access',
      'Tuition Fee',
      'Tech + Exam Fee',
      'Classroom Fee Service',
    ]);
    const breakup = applyWaiver(
      {
        'Registration Fee': 1000,
        'Admission Kit & Digital Access': 8000,
        'Tuition Fee': 30000,
        'Tech + Exam Fee': 6000,
      },
      waiver,
    );
    expect(breakup.rows.map((r) => r.value)).toEqual([1000, 2000, 7500, 1500]);
    expect(breakup).toMatchObject({ listTotal: 45000, total: 12000, savings: 33000 });
  });
});

describe('combineWaivers', () => {
  it('takes the larger waiver of each component, so none cancels the other', () => {
    const scholarship = scholarshipWaiver(60, ['Tuition Fee', 'Classroom Fee Service']);
    expect(combineWaivers(scholarship, { tuitionfee: '25%', Technology_Examination_Fee: '0' })).toEqual({
      admfee: 'Chargeable',
      tuitionfee: '60%',
      Technology_Examination_Fee: '100%',
      ClassroomService: '60%',
    });
    expect(combineWaivers(null, scholarship)).toBe(scholarship);
    expect(combineWaivers(null, null)).toBeNull();
  });
});
