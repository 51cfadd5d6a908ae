// The server's verdict on an order the gateway sent the browser back from (decision 030): the
// gateway's redirect can arrive before its callback, so the page asks GET /api/orders/:id every
// 2 s for about 20 s before it says the payment is being confirmed. Checking again is one look.
// Reads only: nothing here can pay an order. Used by every page the gateway returns to.
import { fetchOrderStatus } from '../api/endpoints/order-status';
import type { RequestOptions } from '../api/client';
import type { OrderVerdict } from '../machines/order-confirmation-machine';

export interface WaitOptions extends RequestOptions {
  /** The return link's order_token (a page without the owner's session). */
  returnToken?: string;
  /** Time between looks (ms). */
  every?: number;
  /** How many looks before the answer is `pending`. */
  looks?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const ORDER_WAIT = { every: 2000, looks: 10 } as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The order's recorded outcome, or `pending` when it stays open through every look. */
export async function waitForOrderVerdict(
  orderId: string,
  {
    every = ORDER_WAIT.every,
    looks = ORDER_WAIT.looks,
    sleep = pause,
    returnToken,
    ...request
  }: WaitOptions = {},
): Promise<OrderVerdict> {
  for (let look = 1; look <= looks; look++) {
    try {
      const { status } = (await fetchOrderStatus({ order_id: orderId, order_token: returnToken }, request))
        .data;
      if (status !== 'created') return status;
    } catch {
      // A look that fails (a flaky network) is one look; the next may answer.
    }
    if (look < looks) await sleep(every);
  }
  return 'pending';
}

/** The card's and the dashboard's actor input: a first return waits, Check again looks once. */
export const waitForOrder = (
  { orderId, again, returnToken }: { orderId: string; again: boolean; returnToken?: string },
  request: RequestOptions = {},
) => waitForOrderVerdict(orderId, { ...request, returnToken, looks: again ? 1 : ORDER_WAIT.looks });
