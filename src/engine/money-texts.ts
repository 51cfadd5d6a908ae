// A landing's texts state money through placeholders filled from the programme's config (decision
// 049): "Pay {fee} rupees" says the fee as it is configured, so changing the fee changes every text
// that states it. A text that states an amount in figures (200 rupees, ₹200, Rs 200) which is not one
// of the programme's amounts is a problem the validation names (and the Studio shows), with the
// placeholder to use instead.
import { formatInr } from '../domain/fees';
import type { Programme } from '../generated/config/programme';

/** Each placeholder and the programme's amount it states (undefined: the programme has none). */
const PLACEHOLDERS: Record<string, (programme: Programme) => number | undefined> = {
  fee: (p) => p.fee.amount,
  feePerTest: (p) => p.fee.perTest,
  tests: (p) => p.fee.tests,
  papers: (p) => p.fee.papers,
  offlineSwitchFee: (p) => p.fee.offlineSwitchFee,
};

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The text with its money placeholders filled in (one it does not know is left as it is). */
export function fillMoney(text: string, programme: Programme): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = PLACEHOLDERS[name]?.(programme);
    return value === undefined ? whole : formatInr(value);
  });
}

/**
 * Every string inside `value` (a landing, a programme) with its money placeholders filled in. What
 * holds no placeholder is returned as it is (the same object: validation's frozen, cached files stay
 * shared).
 */
export function withMoneyFilled<T>(value: T, programme: Programme): T {
  if (typeof value === 'string') return fillMoney(value, programme) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => withMoneyFilled(item, programme));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const filled = entries.map(([key, item]) => [
      key,
      key === '$schema' ? item : withMoneyFilled(item, programme),
    ]);
    return (filled.some(([, item], i) => item !== entries[i]?.[1]) ? Object.fromEntries(filled) : value) as T;
  }
  return value;
}

/** Rupee amounts stated in figures: 200 rupees, 1,200 rupees, ₹200, Rs. 200, INR 200. */
const RUPEES = /(?:₹|\b(?:rs\.?|inr)\s?)\s?(\d[\d,]*)|(\d[\d,]*)\s?(?:rupees|रुपये|रुपए)/giu;

export interface MoneyTextProblem {
  pointer: string;
  message: string;
}

/**
 * What is wrong with the money a landing's or programme's texts state, for its programme: a
 * placeholder the programme has no amount for, and an amount in figures that is none of the
 * programme's (a text left behind by a fee change).
 */
export function moneyTextProblems(landing: unknown, programme: Programme): MoneyTextProblem[] {
  const amounts = new Set(
    Object.values(PLACEHOLDERS)
      .map((of) => of(programme))
      .filter((n): n is number => n !== undefined),
  );
  const problems: MoneyTextProblem[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (typeof value === 'string') {
      // Another placeholder ({opensAt} …) is another template's: left alone.
      for (const [, name = ''] of value.matchAll(PLACEHOLDER))
        if (name in PLACEHOLDERS && PLACEHOLDERS[name]?.(programme) === undefined)
          problems.push({ pointer, message: `{${name}}: the programme has no such amount` });
      for (const match of value.matchAll(RUPEES)) {
        const figure = Number((match[1] ?? match[2] ?? '').replace(/,/g, ''));
        if (!amounts.has(figure))
          problems.push({
            pointer,
            message: `states ${formatInr(figure)} rupees, which is none of the programme's amounts (the fee is ${formatInr(programme.fee.amount)}): write {fee} or another placeholder (${names()}) so the text follows the fee`,
          });
      }
      return;
    }
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${pointer}/${i}`));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        if (key !== '$schema') visit(item, `${pointer}/${key}`);
  };
  visit(landing, '');
  return problems;
}

const names = () =>
  Object.keys(PLACEHOLDERS)
    .map((name) => `{${name}}`)
    .join(', ');
