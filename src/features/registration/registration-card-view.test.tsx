// @vitest-environment jsdom
// The card shows the screen its view model names. The machine's model-based test asserts
// cardView(snapshot) at every state; this test proves the card renders that same view (not a reading
// of the state of its own): with cardView naming another screen than the machine's state, the card
// follows cardView. So a wrong screen fails a test.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import iacst from '../../../config/programmes/iacst.json';
import site from '../../../config/site.json';
import { registrationCardData } from '../../engine/registration-card';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import { registrationMachine } from '../../machines/registration-machine';
import type * as cardViewModule from './card-view';
import type { CardStep, CardView } from './card-view';
import { cardViewData, RegistrationCard } from './registration-card';

// The real cardView, unless a test names the screen itself.
const named = vi.hoisted(() => ({ step: null as null | { step: string; heading: string } }));
vi.mock('./card-view', async (importOriginal) => {
  const actual = await importOriginal<typeof cardViewModule>();
  return {
    ...actual,
    cardView: (...args: Parameters<typeof actual.cardView>): CardView => {
      const view = actual.cardView(...args);
      return named.step ? ({ ...view, ...named.step } as CardView) : view;
    },
  };
});

afterEach(() => {
  named.step = null;
  cleanup();
});

const strings = en.strings as UiStringTable;

function renderCard() {
  const data = registrationCardData({
    site: site as unknown as Site,
    programme: iacst as unknown as Programme,
    landing: { variantKey: 'default', locale: 'en' } as Landing,
    block: { type: 'registration-card' },
    path: '/iacstexam',
    strings,
    headingId: 'reg-heading',
  });
  return render(
    <section aria-labelledby="reg-heading">
      <RegistrationCard machine={registrationMachine} input={{ query: {} }} {...cardViewData(data)} />
    </section>,
  );
}

describe('registration card: the screen is the one cardView names', () => {
  it('shows step 1 when cardView says mobile (the machine starts there)', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: strings['registration.heading'] })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: strings['registration.verify'] })).toBeTruthy();
  });

  // Each screen by what only it shows; the machine itself stays on step 1 all along.
  const screens: Array<{ step: CardStep; heading: string; shows: () => HTMLElement | Promise<HTMLElement> }> =
    [
      {
        step: 'accountExists',
        heading: 'registration.heading',
        shows: () => screen.getByRole('button', { name: strings['registration.otherNumber'] }),
      },
      {
        step: 'paymentFailed',
        heading: 'registration.paymentFailed',
        shows: () => screen.getByRole('button', { name: strings['registration.tryAgain'] }),
      },
      {
        step: 'payment',
        heading: 'registration.heading',
        shows: () => screen.getByText(strings['registration.redirecting']),
      },
      {
        step: 'loading',
        heading: 'registration.heading',
        shows: () => screen.getByText(strings['registration.loading']),
      },
      {
        step: 'success',
        heading: 'registration.success',
        // Its view comes with steps 2 to 5 (the form steps' chunk).
        shows: () => screen.findByRole('button', { name: strings['registration.goToDashboard'] }),
      },
    ];
  for (const { step, heading, shows } of screens)
    it(`shows the ${step} screen when cardView names it, whatever the state says`, async () => {
      named.step = { step, heading };
      renderCard();
      expect(await shows()).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: /Mobile number/ })).toBeNull();
      expect(
        screen.getByRole('heading', { name: strings[heading as keyof UiStringTable] as string }),
      ).toBeTruthy();
    });
});
