// @vitest-environment jsdom
// Back on the dashboard from the gateway (decision 030), for the mock pack and a course: the page
// waits for the order's record, then shows the outcome; an order never confirmed shows "Payment
// being confirmed" with Check again (one look each press, busy while it runs), in the page's
// language. The wait itself (GET /api/orders/:id every 2 s) is order-verdict's: here each look
// answers what the test says.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import hi from '../../../config/i18n/hi.json';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import type { OrderVerdict } from '../../machines/order-confirmation-machine';
import { waitForOrder } from '../order-verdict';
import CourseDashboardHost from './course-dashboard-host';
import PaymentReturnHost from './payment-return-host';
import { PortalProvider, type PortalValue } from './portal-provider';
import { PurchaseProvider } from './purchase-provider';

vi.mock('../order-verdict', () => ({ waitForOrder: vi.fn() }));
const looks = vi.mocked(waitForOrder);

/** Each look waits for the test to answer it. */
let answers: Array<(verdict: OrderVerdict) => void> = [];
const answer = async (verdict: OrderVerdict) => {
  await waitFor(() => expect(answers.length).toBeGreaterThan(0));
  const next = answers.shift();
  await act(async () => next?.(verdict));
};

const toasts: Array<{ type: string; message: string }> = [];
const onPaid = vi.fn();

function portalOf(locale: 'en' | 'hi'): PortalValue {
  return {
    token: 'token-1',
    t: createTranslator((locale === 'en' ? en : hi).strings as UiStringTable),
    config: { courseReturnType: 'course', programme: { dashboard: {} } },
    store: {
      get: () => null,
      set: () => {},
      showToast: (toast: { type: string; message: string }) => void toasts.push(toast),
    },
    analytics: { track: vi.fn(async () => {}) },
    onSessionError: vi.fn(),
    scrollToAndFocus: vi.fn(),
    scrollToCourses: vi.fn(),
  } as unknown as PortalValue;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function App({ at, locale }: { at: string; locale: 'en' | 'hi' }) {
  const course = at.includes('type=course');
  return (
    <PortalProvider value={portalOf(locale)}>
      <MemoryRouter initialEntries={[at]}>
        <PurchaseProvider>
          <main>
            <h1>Dashboard</h1>
            <Routes>
              <Route
                path="/dashboard"
                element={
                  course ? (
                    <CourseDashboardHost courses={null} digitalOnly={false} />
                  ) : (
                    <PaymentReturnHost onPaid={onPaid} />
                  )
                }
              />
              <Route path="/dashboard/payment-success/:orderId" element={<p>Payment Successful!</p>} />
              <Route path="/dashboard/course/:id/checkout" element={<p>Checkout</p>} />
            </Routes>
            <Where />
          </main>
        </PurchaseProvider>
      </MemoryRouter>
    </PortalProvider>
  );
}

beforeEach(() => {
  answers = [];
  toasts.length = 0;
  onPaid.mockClear();
  looks.mockReset();
  looks.mockImplementation(() => new Promise<OrderVerdict>((resolve) => answers.push(resolve)));
});
afterEach(cleanup);

const MOCK_RETURN = '/dashboard?status=success&order_id=EF1&mode=sandbox';
const strings = { en: en.strings, hi: hi.strings };

describe('the dashboard back from the gateway (the mock pack)', () => {
  it('waits for the order, then says it is paid and refreshes the dashboard', async () => {
    render(<App at={MOCK_RETURN} locale="en" />);
    expect(await screen.findByRole('heading', { name: en.strings['payment.confirming'] })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.strings['payment.checkAgain'] })).toBeNull();
    expect(looks).toHaveBeenCalledWith(
      { orderId: 'EF1', again: false, returnToken: undefined },
      { token: 'token-1' },
    );
    await answer('paid');
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(toasts).toEqual([{ type: 'success', message: en.strings['portal.mock.paid'] }]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('waits for the order, then says the payment failed', async () => {
    render(<App at={MOCK_RETURN} locale="en" />);
    await answer('failed');
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'error', message: en.strings['portal.payment.failed'] }]),
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it.each(['en', 'hi'] as const)(
    '(%s) never confirmed: "being confirmed" (axe clean), Check again looks once (busy meanwhile), then paid',
    async (locale) => {
      const s = strings[locale];
      const user = userEvent.setup();
      render(<App at={MOCK_RETURN} locale={locale} />);
      await answer('pending');
      const banner = await screen.findByRole('region', { name: s['payment.unconfirmedHeading'] });
      expect(screen.getByRole('status').textContent).toBe(s['payment.unconfirmed']);
      expect(await seriousViolations(document.body)).toEqual([]);
      const check = screen.getByRole('button', { name: s['payment.checkAgain'] });
      await user.click(check);
      expect(check.getAttribute('aria-disabled')).toBe('true');
      // A press while the look runs asks for nothing more.
      await user.click(check);
      expect(looks).toHaveBeenCalledTimes(2);
      expect(looks).toHaveBeenLastCalledWith(
        { orderId: 'EF1', again: true, returnToken: undefined },
        { token: 'token-1' },
      );
      await answer('pending');
      await waitFor(() => expect(check.getAttribute('aria-disabled')).toBeNull());
      expect(banner.isConnected).toBe(true);
      await user.click(check);
      expect(looks).toHaveBeenCalledTimes(3);
      await answer('paid');
      await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
      expect(toasts).toEqual([{ type: 'success', message: s['portal.mock.paid'] }]);
      // The button that had focus went: the page's heading has it, not the body.
      expect(document.activeElement?.tagName).toBe('H1');
    },
  );

  it('a failure return whose order was paid meanwhile (a late payment) says paid, after one look', async () => {
    render(<App at="/dashboard?status=failure&order_id=EF1" locale="hi" />);
    await answer('paid');
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'success', message: hi.strings['portal.mock.paid'] }]),
    );
    expect(looks).toHaveBeenCalledTimes(1);
    expect(looks).toHaveBeenCalledWith(
      { orderId: 'EF1', again: true, returnToken: undefined },
      { token: 'token-1' },
    );
  });
});

describe('the dashboard back from the gateway (a course)', () => {
  it.each(['en', 'hi'] as const)(
    '(%s) never confirmed: Check again, then Payment Successful!',
    async (locale) => {
      const s = strings[locale];
      const user = userEvent.setup();
      render(<App at="/dashboard?type=course&status=success&order_id=EF7" locale={locale} />);
      expect(await screen.findByRole('heading', { name: s['payment.confirming'] })).toBeTruthy();
      await answer('pending');
      await screen.findByRole('region', { name: s['payment.unconfirmedHeading'] });
      await user.click(screen.getByRole('button', { name: s['payment.checkAgain'] }));
      expect(looks).toHaveBeenLastCalledWith(
        { orderId: 'EF7', again: true, returnToken: undefined },
        { token: 'token-1' },
      );
      await answer('paid');
      await screen.findByText('Payment Successful!');
      expect(screen.getByTestId('where').textContent).toBe('/dashboard/payment-success/EF7');
    },
  );

  it('waits, then a failed order opens the checkout', async () => {
    render(<App at="/dashboard?type=course&status=success&order_id=EF8" locale="en" />);
    await answer('failed');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
