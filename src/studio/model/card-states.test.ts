// The card preview's list of states is drawn from the registration machines: it holds the states a
// marketing person asks for, each recipe really reaches its screen, and every kind of screen the
// card's view model names is reached (or declared as passing while a call runs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cardParts } from '../../features/registration/card-state';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { cannedWorldOf } from './card-world';
import {
  cannedRegistration,
  CARD_STEPS,
  exploreCardStates,
  playRecipe,
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
const landing = (variant: string): Landing =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../../../config/landings', `${variant}.json`), 'utf8'),
  ) as Landing;
/** A page of the programme: the card's input and the made-up answers drawn from its own config. */
const page = (p: Programme, l?: Landing) => ({
  input: { programme: p, registrationPage: p.examType },
  world: cannedWorldOf({
    programme: p,
    ...(l?.eligibility ? { eligibility: l.eligibility } : {}),
    ...(l ? { locale: l.locale } : {}),
  }),
});
const input = (p: Programme) => page(p);

const lists = new Map<string, CardStateEntry[]>();
beforeAll(async () => {
  for (const id of ['iacst', 'mock-neet', 'iat', 'mock-jee'])
    lists.set(id, await exploreCardStates(input(programme(id))));
});

/** The card's context after a recipe (what the thank-you and the lists hold). */
async function contextAfter(p: ReturnType<typeof page>, recipe: CardStateEntry['recipe']) {
  const actor = createActor(cannedRegistration(p.world, recipe.answers), {
    input: { ...p.input, query: recipe.query },
  }).start();
  await playRecipe(actor, recipe);
  const { context } = cardParts(actor.getSnapshot());
  actor.stop();
  return context;
}
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

describe('the card states follow the page they preview', () => {
  it('offers no payment state on a free programme (iACST charges nothing)', () => {
    const iacst = labels('iacst');
    expect(iacst).not.toContain('Payment failed');
    expect(iacst).not.toContain('Going to payment');
    expect(iacst.filter((l) => /payment|coupon/i.test(l))).toEqual([]);
    // A paid programme still offers them.
    expect(labels('iat')).toEqual(expect.arrayContaining(['Payment failed', 'Going to payment']));
  });

  it("says Online on an online test's thank-you, with the programme's own slot", async () => {
    for (const id of ['iacst', 'mock-jee']) {
      const p = page(programme(id));
      const thanks = listOf(id).find((s) => s.label === 'Thank you');
      if (!thanks) throw new Error(`${id}: no thank-you`);
      const context = await contextAfter(p, thanks.recipe);
      expect(context.result?.centre, id).toBeUndefined();
      expect(context.exam.slot?.mode ?? 'Online', id).toBe('Online');
      if (context.result?.examSlot) expect(context.result.examSlot, id).toMatch(/^Online/);
    }
    const thanks = listOf('iacst').find((s) => s.label === 'Thank you');
    if (!thanks) throw new Error('iacst: no thank-you');
    const iacst = await contextAfter(page(programme('iacst')), thanks.recipe);
    expect(iacst.result?.examSlot).toBe('Online, any time from 9 AM to 10 PM');
  });

  it("offers the page's own classes and streams, in the page's language", async () => {
    const neetRepeater = page(programme('iacst'), landing('neet-repeater'));
    expect(neetRepeater.world.classStreams.map((c) => c.display_name)).toEqual([
      'Class 12 Medical',
      'Class 12 Passed Medical',
    ]);
    const list = await exploreCardStates(neetRepeater);
    const details = list.find((s) => s.label === 'Step 2 – student details');
    if (!details) throw new Error('no details step');
    const context = await contextAfter(neetRepeater, details.recipe);
    expect(context.options.classStreams?.map((c) => c.stream)).toEqual(['12&SOM', '12-passed&SOM']);
    // The Hindi twin's slots are the programme's Hindi labels.
    const hindi = page(programme('iacst'), landing('neet-repeater-hindi'));
    expect(hindi.world.slots[0]?.name).toBe(programme('iacst').schedule.slots[0]?.translations?.hi?.label);
  });
});
