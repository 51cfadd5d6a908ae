// The card preview's list of states is drawn from the registration machines: it holds the states a
// marketing person asks for, each recipe really reaches its screen, and every kind of screen the
// card's view model names is reached (or declared as passing while a call runs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Programme } from '../../generated/config/programme';
import {
  CARD_STEPS,
  exploreCardStates,
  NETWORK_ONLY_STEPS,
  PASSING_STEPS,
  viewAfter,
  viewKind,
  type CardStateEntry,
} from './card-states';

const programme = (id: string): Programme =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../../../config/programmes', `${id}.json`), 'utf8'),
  ) as Programme;
const input = (p: Programme) => ({ programme: p, registrationPage: p.examType });

const lists = new Map<string, CardStateEntry[]>();
beforeAll(async () => {
  for (const id of ['iacst', 'mock-neet', 'iat', 'mock-jee'])
    lists.set(id, await exploreCardStates({ input: input(programme(id)) }));
});
const listOf = (id: string) => lists.get(id) ?? [];
const labels = (id: string) => listOf(id).map((s) => s.label);

describe('the registration card states for the Studio preview', () => {
  it('offers the states marketing asks for (a paid programme with a coupon and exam selects)', () => {
    expect(labels('mock-neet')).toEqual(
      expect.arrayContaining([
        'Step 1 – mobile number',
        'Step 1 – mobile number not valid',
        'OTP sent',
        'Wrong OTP',
        'Already registered',
        'Step 2 – student details',
        'Details with errors',
        'Exam step',
        'No exam date open',
        'No exam date open (said on step 1)',
        'Coupon applied',
        'Coupon not valid',
        'Going to payment',
        'Payment failed',
        'Thank you',
      ]),
    );
  });

  it('offers no coupon where the programme charges nothing, and a thank-you after its signup', () => {
    const iacst = listOf('iacst');
    expect(iacst.map((s) => s.label)).not.toContain('Coupon applied');
    // The free programme registers at once: its thank-you comes from the exam step's submit too.
    expect(iacst.find((s) => s.label === 'Thank you')).toBeDefined();
  });

  it('never shows one label twice, and each label says what its screen shows', async () => {
    for (const [id, list] of lists) {
      expect(new Set(list.map((s) => s.label)).size, id).toBe(list.length);
      for (const state of list) {
        const view = await viewAfter(input(programme(id)), state.recipe);
        // The recipe reaches the screen it was kept for.
        expect(viewKind(view, state.recipe), `${id}: ${state.label}`).toBe(state.id);
        const messages = view.messages.map((m) => m.key);
        const expected: Record<string, () => void> = {
          'Step 1 – mobile number': () =>
            expect([view.step, view.mobile?.error]).toEqual(['mobile', undefined]),
          'Step 1 – mobile number not valid': () => expect(view.mobile?.error).toBeDefined(),
          'OTP sent': () => expect([view.step, view.code?.error]).toEqual(['otp', undefined]),
          'Wrong OTP': () => expect(view.code?.error?.key).toBe('validation.otp.invalid'),
          'Already registered': () => expect(view.step).toBe('accountExists'),
          'Details with errors': () =>
            expect([view.step, state.recipe.revealFieldErrors]).toEqual(['details', true]),
          'Exam step': () => expect([view.step, messages]).toEqual(['exam', []]),
          'No exam date open': () => expect(view.exam?.find((f) => f.field === 'examDate')?.options).toBe(0),
          'Coupon applied': () => expect(messages).toEqual(['registration.couponApplied']),
          'Coupon not valid': () => expect(messages).toEqual(['registration.couponInvalid']),
          'Going to payment': () => expect(view.step).toBe('payment'),
          'Payment failed': () => expect(view.step).toBe('paymentFailed'),
          'Thank you': () => expect(view.step).toBe('success'),
        };
        expected[state.label]?.();
      }
    }
  });

  it('reaches every kind of screen the card can show, but those that last only while a call runs', () => {
    const reached = new Set([...lists.values()].flat().map((s) => s.view.step));
    const unreachable = [...PASSING_STEPS, ...NETWORK_ONLY_STEPS];
    expect(CARD_STEPS.filter((step) => !reached.has(step) && !unreachable.includes(step))).toEqual([]);
  });
});
