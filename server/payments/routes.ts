// Order status, the gateway's signed callback, and the sandbox gateway's pages.
import type { FastifyInstance } from 'fastify';
import type { OrderStatusParams, OrderStatusReply } from '../../src/generated/api/order-status';
import type { PaymentCallbackBody } from '../../src/generated/api/payment-callback';
import type { SandboxGatewayFormBody } from '../../src/generated/api/sandbox-gateway-form';
import type { SandboxGatewayOutcomeParams } from '../../src/generated/api/sandbox-gateway-outcome';
import type { SandboxGatewayPageQuery } from '../../src/generated/api/sandbox-gateway-page';
import { ApiError } from '../api/errors';
import { apiSchema } from '../api/schemas';
import { newId } from '../auth/tokens';
import type { AppContext } from '../context';
import {
  callbackSignature,
  confirmOrder,
  orderById,
  returnUrl,
  signatureMatches,
  type Order,
  type Outcome,
} from './orders';
import { message } from '../api/messages';

const outcomes: Record<SandboxGatewayOutcomeParams['outcome'], Outcome> = {
  pay: 'paid',
  fail: 'failed',
  cancel: 'aborted',
};
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

async function existingOrder(ctx: AppContext, id: string): Promise<Order> {
  const order = await orderById(ctx, id);
  if (!order) throw new ApiError(404, message('order.notFound'));
  return order;
}

function gatewayPage(order: Order): string {
  const open = order.status === 'created';
  const button = (outcome: string, label: string) =>
    `<form method="post" action="/sandbox/gateway/${order.id}/${outcome}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment gateway</title><link rel="icon" href="/favicon.svg"></head>
<body><main><h1>Sandbox payment gateway</h1>
<p>This page stands in for the real payment gateway. No money moves.</p>
<dl><dt>Order</dt><dd>${escape(order.id)}</dd><dt>Amount</dt><dd>${escape(rupees(order.amount))}</dd><dt>Payment method</dt><dd>${escape(order.payment_method)}</dd></dl>
${open ? `${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}` : `<p>This order is already ${escape(order.status)}.</p><p><a href="${escape(returnUrl(order))}">Back to the portal</a></p>`}
</main></body></html>`;
}

export function registerPaymentRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.get<{ Params: OrderStatusParams; Reply: OrderStatusReply }>(
    '/api/orders/:order_id',
    {
      schema: apiSchema('order-status', {
        summary: 'What the server recorded for an order',
        tags: ['payments'],
      }),
    },
    async (request) => {
      const o = await existingOrder(ctx, request.params.order_id);
      return {
        success: 'true',
        msg: o.status,
        data: {
          order_id: o.id,
          status: o.status,
          amount: o.amount,
          kind: o.kind,
          created_at: o.created_at,
          confirmed_at: o.confirmed_at,
        },
      };
    },
  );

  app.post<{ Body: PaymentCallbackBody }>(
    '/api/payments/callback',
    {
      schema: apiSchema('payment-callback', {
        summary: "The gateway's signed server-side confirmation",
        tags: ['payments'],
      }),
    },
    async (request) => {
      const { order_id: id, status, txn_id: txn, signature } = request.body;
      if (
        !signatureMatches(callbackSignature(ctx.config.paymentCallbackSecret, id, status, txn), signature)
      ) {
        throw new ApiError(401, 'The payment confirmation is not signed correctly.');
      }
      await existingOrder(ctx, id);
      const order = await confirmOrder(ctx, id, status, txn, request.log);
      return { success: 'true', msg: `Order ${order.id} is ${order.status}.` };
    },
  );

  if (!ctx.config.sandbox) return;

  app.get<{ Querystring: SandboxGatewayPageQuery }>(
    '/sandbox/gateway',
    { schema: apiSchema('sandbox-gateway-page', { summary: 'Sandbox gateway page', tags: ['sandbox'] }) },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(gatewayPage(await existingOrder(ctx, request.query.order_id))),
  );
  app.post<{ Body: SandboxGatewayFormBody }>(
    '/sandbox/gateway',
    {
      schema: apiSchema('sandbox-gateway-form', {
        summary: 'Sandbox gateway: the portal posts the order form here',
        tags: ['sandbox'],
      }),
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(gatewayPage(await existingOrder(ctx, request.body.order_id))),
  );
  app.post<{ Params: SandboxGatewayOutcomeParams }>(
    '/sandbox/gateway/:order_id/:outcome',
    {
      schema: apiSchema('sandbox-gateway-outcome', {
        summary: 'Sandbox gateway: Pay, Fail or Cancel',
        tags: ['sandbox'],
      }),
    },
    async (request, reply) => {
      const { order_id: id, outcome } = request.params;
      await existingOrder(ctx, id);
      // The sandbox gateway confirms server-to-server through the same signed callback a real
      // gateway would call, then sends the browser back to the portal.
      const status = outcomes[outcome];
      const txn = `SBX${newId().replace(/-/g, '').slice(0, 16)}`;
      const signature = callbackSignature(ctx.config.paymentCallbackSecret, id, status, txn);
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/payments/callback',
        payload: { order_id: id, status, txn_id: txn, signature },
      });
      if (confirmed.statusCode !== 200)
        throw new ApiError(502, 'The sandbox gateway could not confirm the payment.');
      return reply.redirect(returnUrl(await existingOrder(ctx, id)), 303);
    },
  );
}
