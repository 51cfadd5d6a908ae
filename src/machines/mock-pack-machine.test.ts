import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentData } from '../generated/api/mock-payment-data';
import { mockPackBusy, mockPackMachine } from './mock-pack-machine';
import { answeredWith, refusal } from '../api/client.test-support';
import { fetchMockPayment } from '../api/endpoints/mock-payment';

function start(startPayment: () => Promise<PaymentData>, paymentMethod = 'hdfc') {
  const goToGateway = vi.fn();
  const sayFailed = vi.fn();
  const track = vi.fn();
  const keepMethod = vi.fn();
  const actor = createActor(
    mockPackMachine.provide({
      actors: { startPayment: fromPromise(startPayment) },
      actions: {
        goToGateway: (_, params) => goToGateway(params),
        sayFailed: (_, params) => sayFailed(params),
        track: (_, params) => track(params),
        keepMethod: (_, params) => keepMethod(params),
      },
    }),
    { input: { paymentMethod } },
  ).start();
  return { actor, goToGateway, sayFailed, track, keepMethod };
}

describe('the mock pack purchase', () => {
  it('goes to the gateway with the server’s form, busy until the page comes back from the cache', async () => {
    const form = { gateway: 'sandbox' } as unknown as PaymentData;
    const { actor, goToGateway, track } = start(async () => form);
    expect(mockPackBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'pack.buy', branchCode: 'DEL' });
    expect(mockPackBusy(actor.getSnapshot())).toBe(true);
    expect(track).toHaveBeenCalledWith({ paymentMethod: 'hdfc' });
    await waitFor(actor, (s) => s.matches('atGateway'));
    expect(goToGateway).toHaveBeenCalledWith({ paymentData: form });
    // A second tap while leaving does nothing.
    actor.send({ type: 'pack.buy', branchCode: 'DEL' });
    expect(goToGateway).toHaveBeenCalledTimes(1);
    actor.send({ type: 'page.restored' });
    expect(mockPackBusy(actor.getSnapshot())).toBe(false);
  });

  it('says it did not start and is ready again when the server fails', async () => {
    const { actor, sayFailed, goToGateway } = start(async () => {
      throw new Error('503');
    });
    actor.send({ type: 'pack.buy', branchCode: undefined });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sayFailed).toHaveBeenCalledTimes(1);
    expect(goToGateway).not.toHaveBeenCalled();
  });

  it("takes a 200 whose body says success 'false' as a start that failed: no gateway, Buy works again", async () => {
    // The dashboard's wiring (dashboard-route.tsx): the answer's data is the gateway's form.
    const { actor, sayFailed, goToGateway } = start(
      async () =>
        (
          await answeredWith(refusal('The pack is not on sale now.'), (o) =>
            fetchMockPayment('token', { payment_type: 'exam', payment_mode: 'hdfc' }, o),
          )
        ).data,
    );
    actor.send({ type: 'pack.buy', branchCode: 'DEL' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(goToGateway).not.toHaveBeenCalled();
    // Part 2 §8 shows no server message here: the app says it did not start.
    expect(sayFailed).toHaveBeenCalledWith({
      error: expect.objectContaining({ status: 200, message: 'The pack is not on sale now.' }),
    });
    expect(mockPackBusy(actor.getSnapshot())).toBe(false);
  });

  it('buys with the method chosen, which it starts with and keeps through a failed start', async () => {
    let fail = true;
    const startPayment = vi.fn(async () => {
      if (fail) throw new Error('503');
      return { gateway: 'sandbox' } as unknown as PaymentData;
    });
    const { actor, track, keepMethod } = start(() => startPayment(), 'others');
    expect(actor.getSnapshot().context.paymentMethod).toBe('others');
    actor.send({ type: 'pack.choose', paymentMethod: 'paytm' });
    // Kept for the tab as it is chosen: a failed payment comes back to the dashboard with it.
    expect(keepMethod).toHaveBeenCalledWith({ paymentMethod: 'paytm' });
    actor.send({ type: 'pack.buy', branchCode: 'DEL' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.paymentMethod).toBe('paytm');
    fail = false;
    actor.send({ type: 'pack.buy', branchCode: 'DEL' });
    await waitFor(actor, (s) => s.matches('atGateway'));
    expect(track).toHaveBeenLastCalledWith({ paymentMethod: 'paytm' });
  });
});
