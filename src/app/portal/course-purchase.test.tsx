// @vitest-environment jsdom
// The purchase actor comes from the portal's provider: one per mounted app, shared by its views,
// created with the gateway's return (read from the address) as its input. The return is confirmed
// by the machine itself (no effect in a view): the query goes and the server's order decides. The
// machine asks for the verdict's view and the app moves the address; each route tells the machine
// its view (useRouteView, as the app's routes do), so the view follows the address (decision 044).
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOrderStatus } from '../../api/endpoints/order-status';
import { usePurchaseActor, usePurchaseView, useRouteView, type PurchaseActor } from './course-purchase';
import { PortalProvider, type PortalValue } from './portal-provider';
import { PurchaseProvider } from './purchase-provider';

vi.mock('../../api/endpoints/order-status', () => ({
  fetchOrderStatus: vi.fn(async () => ({ data: { status: 'paid' } })),
}));
const orderStatus = vi.mocked(fetchOrderStatus);

const stored = new Map<string, string>();
const portal = {
  token: 'token-1',
  config: { courseReturnType: 'course' },
  store: {
    get: (key: string) => stored.get(key) ?? null,
    set: (key: string, v: string) => stored.set(key, v),
  },
  analytics: { track: vi.fn(async () => {}) },
  onSessionError: vi.fn(),
  scrollToAndFocus: vi.fn(),
  scrollToCourses: vi.fn(),
} as unknown as PortalValue;

const seen: PurchaseActor[] = [];

function Probe({ name }: { name: 'dashboard' | 'checkout' | 'success' }) {
  const actor = usePurchaseActor();
  const view = usePurchaseView(actor);
  const location = useLocation();
  const { id = '', orderId = '' } = useParams();
  useRouteView(
    actor,
    name === 'dashboard'
      ? { view: 'dashboard' }
      : name === 'checkout'
        ? { view: 'checkout', courseId: id, fromDescription: true }
        : { view: 'success', courseId: '', orderId },
  );
  seen.push(actor);
  return (
    <p>
      {name} {location.pathname + location.search} {view.confirming ? 'confirming' : view.view}
    </p>
  );
}

// The browser's own history (a route's view speaks only while the address is its own).
function App({ at, children }: { at: string; children?: ReactNode }) {
  window.history.replaceState(null, '', at);
  return (
    <PortalProvider value={portal}>
      <BrowserRouter>
        <PurchaseProvider>
          <Routes>
            <Route path="/dashboard" element={<Probe name="dashboard" />} />
            <Route path="/dashboard/course/:id/checkout" element={<Probe name="checkout" />} />
            <Route path="/dashboard/payment-success/:orderId" element={<Probe name="success" />} />
          </Routes>
          {children}
        </PurchaseProvider>
      </BrowserRouter>
    </PortalProvider>
  );
}

beforeEach(() => {
  stored.clear();
  sessionStorage.clear();
  orderStatus.mockClear();
  seen.length = 0;
});
afterEach(cleanup);

describe('the purchase actor, from the portal provider', () => {
  it('confirms a paid return by its input: the server is asked once, then Payment Successful shows', async () => {
    let answer = (_status: 'paid' | 'failed') => {};
    orderStatus.mockImplementationOnce(
      () => new Promise((resolve) => (answer = (status) => resolve({ data: { status } } as never))),
    );
    render(<App at="/dashboard?type=course&status=success&order_id=EF1&keep=1" />);
    // The query is dropped at once (a reload does not repeat the return); the rest stays.
    await screen.findByText('dashboard /dashboard?keep=1 confirming');
    expect(orderStatus).toHaveBeenCalledTimes(1);
    expect(orderStatus.mock.calls[0]?.[0]).toEqual({ order_id: 'EF1' });
    await act(async () => answer('paid'));
    await screen.findByText('success /dashboard/payment-success/EF1 success');
    // One actor for every view of the app.
    expect(new Set(seen).size).toBe(1);
  });

  it('reopens the stored checkout with the entered address when the order is not paid', async () => {
    orderStatus.mockResolvedValueOnce({ data: { status: 'failed' } } as never);
    sessionStorage.setItem(
      'examflow:course-order',
      JSON.stringify({
        orderId: 'EF2',
        courseId: 'C1',
        fromDescription: true,
        fields: { billingAddress: '12 MG Road', pincode: '110001', terms: true },
      }),
    );
    render(<App at="/dashboard?type=course&status=failure&order_id=EF2" />);
    await screen.findByText('checkout /dashboard/course/C1/checkout checkout');
    const actor = seen.at(-1);
    expect(actor?.getSnapshot().context.fields.billingAddress).toBe('12 MG Road');
    expect(actor?.getSnapshot().matches({ checkout: 'failed' })).toBe(true);
  });

  it('keeps the typed address for the tab: a new app (a reload, a discarded tab) starts with it; a paid order forgets it', async () => {
    const first = render(<App at="/dashboard" />);
    await screen.findByText('dashboard /dashboard dashboard');
    act(() => {
      seen.at(-1)?.send({ type: 'course.open', courseId: 'C1', view: 'checkout' });
      seen.at(-1)?.send({ type: 'checkout.change', field: 'billingAddress', value: '12 MG Road' });
      seen.at(-1)?.send({ type: 'checkout.change', field: 'pincode', value: '400053' });
    });
    first.unmount();
    const second = render(<App at="/dashboard" />);
    await screen.findByText('dashboard /dashboard dashboard');
    expect(seen.at(-1)?.getSnapshot().context.fields).toMatchObject({
      billingAddress: '12 MG Road',
      pincode: '400053',
    });
    second.unmount();
    render(<App at="/dashboard?type=course&status=success&order_id=EF1" />);
    await screen.findByText('success /dashboard/payment-success/EF1 success');
    expect(sessionStorage.getItem('examflow:checkout-address')).toBeNull();
  });

  it('asks nothing without a return, and a new app gets a new actor', async () => {
    const first = render(<App at="/dashboard" />);
    await screen.findByText('dashboard /dashboard dashboard');
    const actor = seen.at(-1);
    first.unmount();
    // The app's end stops its actor: it takes no more events (@xstate/react keeps its last
    // snapshot readable, for React's remounts).
    act(() => actor?.send({ type: 'course.open', courseId: 'C1', view: 'checkout' }));
    expect(actor?.getSnapshot().matches('dashboard')).toBe(true);
    render(<App at="/dashboard" />);
    await waitFor(() => expect(seen.at(-1)).not.toBe(actor));
    expect(orderStatus).not.toHaveBeenCalled();
  });
});
