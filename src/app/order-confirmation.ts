// The order-confirmation machine (decision 030) with the app's look-up: every dashboard return
// from the gateway (the mock pack, a paid exam edit, a course) provides its parent's confirmOrder
// with this. Its own module so the registration island, which waits with the same look-up, does
// not load the machine.
import { fromPromise } from 'xstate';
import type { RequestOptions } from '../api/client';
import { orderConfirmationMachine } from '../machines/order-confirmation-machine';
import { waitForOrder } from './order-verdict';

export const orderConfirmation = (request: RequestOptions) =>
  orderConfirmationMachine.provide({
    actors: {
      waitForOrder: fromPromise(({ input }) => waitForOrder(input, request)),
    },
  });
