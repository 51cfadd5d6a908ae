// @vitest-environment jsdom
// Back from the gateway with success in the address (decision 030): the card waits for the order's
// record before it thanks the student; while the order is not confirmed it says so and offers
// Check again, which only reads; once paid it shows the thank-you, once failed the Try Again step.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import site from '../../../config/site.json';
import { registrationCardData } from '../../engine/registration-card';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import type { OrderVerdict } from '../../machines/order-confirmation-machine';
import { provideRegistration } from '../../machines/registration-provide';
import { cardViewData, loadLaterSteps, RegistrationCard } from './registration-card';

afterEach(cleanup);

const QUERY = {
  registeration: 'success',
  roll_no: '250000000001',
  dob: '05-01-2008',
  exam_date: '2025-04-13',
  status: 'success',
  order_id: 'EF0123456789ABCDEF0123',
};

/** The card back from the gateway; each look at the order answers the next verdict given. */
function setup(locale: 'en' | 'hi', verdicts: Array<Promise<OrderVerdict>>) {
  const strings = (locale === 'en' ? en : hi).strings as UiStringTable;
  const looks: Array<{ orderId: string; again: boolean }> = [];
  const data = registrationCardData({
    site: site as unknown as Site,
    programme: mockNeet as unknown as Programme,
    landing: { variantKey: 'default', locale } as Landing,
    block: { type: 'registration-card' },
    path: '/mock-neet-exam',
    strings,
    headingId: 'reg-heading',
  });
  const machine = provideRegistration(
    {
      actors: {
        waitForOrder: fromPromise(async ({ input }) => {
          looks.push(input);
          return verdicts[looks.length - 1] ?? new Promise<OrderVerdict>(() => {});
        }),
      },
    },
    loadLaterSteps,
  );
  render(
    <section aria-labelledby="reg-heading">
      <RegistrationCard machine={machine} input={{ query: QUERY }} {...cardViewData(data)} />
    </section>,
  );
  return { strings, looks, user: userEvent.setup() };
}

describe('registration card back from the gateway', () => {
  it('says it is confirming while it waits, and thanks nobody before the order is paid', async () => {
    const { strings, looks } = setup('en', []);
    expect(await screen.findByText(strings['payment.confirming'])).toBeTruthy();
    expect(screen.queryByRole('heading', { name: strings['registration.success'] })).toBeNull();
    expect(looks).toEqual([{ orderId: QUERY.order_id, again: false }]);
  });

  it('never confirmed: "being confirmed" with Check again; a check that finds it paid thanks the student', async () => {
    let paid: (v: OrderVerdict) => void = () => {};
    const later = new Promise<OrderVerdict>((resolve) => (paid = resolve));
    const { strings, looks, user } = setup('en', [Promise.resolve('pending'), later]);
    expect(await screen.findByRole('heading', { name: strings['payment.unconfirmedHeading'] })).toBeTruthy();
    expect(screen.getByText(strings['payment.unconfirmed']).getAttribute('role')).toBe('status');
    const check = screen.getByRole('button', { name: strings['payment.checkAgain'] });
    await user.click(check);
    // One look, and the button cannot start a second while it runs.
    expect(looks).toEqual([
      { orderId: QUERY.order_id, again: false },
      { orderId: QUERY.order_id, again: true },
    ]);
    expect(
      (screen.getByRole('button', { name: strings['payment.checkAgain'] }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => paid('paid'));
    expect(await screen.findByRole('heading', { name: strings['registration.success'] })).toBeTruthy();
    expect(await screen.findByText(/250000000001/)).toBeTruthy();
  });

  it('a check that still finds it open says so again; a failed order offers Try Again', async () => {
    const { strings, user } = setup('en', [
      Promise.resolve('pending'),
      Promise.resolve('pending'),
      Promise.resolve('failed'),
    ]);
    await user.click(await screen.findByRole('button', { name: strings['payment.checkAgain'] }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: strings['payment.checkAgain'] }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: strings['payment.checkAgain'] }));
    expect(await screen.findByRole('button', { name: strings['registration.tryAgain'] })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: strings['registration.success'] })).toBeNull();
  });

  it('speaks Hindi on a Hindi page', async () => {
    const { strings } = setup('hi', [Promise.resolve('pending')]);
    expect(await screen.findByRole('heading', { name: strings['payment.unconfirmedHeading'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से देखें' })).toBeTruthy();
  });
});
