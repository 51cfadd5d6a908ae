// Order status, the gateway's signed callback, and the sandbox gateway's pages.
import type { FastifyInstance } from 'fastify';
import type {
  OrderStatusParams,
  OrderStatusQuery,
  OrderStatusReply,
} from '../../src/generated/api/order-status';
import type { PaymentCallbackBody } from '../../src/generated/api/payment-callback';
import type { SandboxGatewayFormBody } from '../../src/generated/api/sandbox-gateway-form';
import type { SandboxGatewayOutcomeParams } from '../../src/generated/api/sandbox-gateway-outcome';
import type { SandboxGatewayPageQuery } from '../../src/generated/api/sandbox-gateway-page';
import type { SandboxGatewayReleaseBody } from '../../src/generated/api/sandbox-gateway-release';
import type { SandboxGatewaySettingsBody } from '../../src/generated/api/sandbox-gateway-settings';
import { ApiError } from '../api/errors';
import { apiSchema } from '../api/schemas';
import { authenticate, bearerToken } from '../auth/sessions';
import { newId, sameSecret } from '../auth/tokens';
import type { AppContext } from '../context';
import {
  callbackSignature,
  confirmOrder,
  orderById,
  returnUrl,
  orderReturnToken,
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

/** A callback the sandbox gateway holds back while its switch withholds them (sandbox only). */
interface Withheld {
  order_id: string;
  status: Outcome;
  txn_id: string;
  amount: number;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="/favicon.svg"></head>
<body><main><h1>${title}</h1>
${body}
</main></body></html>`;

function settingsPage(withholding: boolean, held: readonly Withheld[]): string {
  const release = (orderId: string | null, label: string) =>
    `<form method="post" action="/sandbox/gateway/release">${orderId ? `<input type="hidden" name="order_id" value="${escape(orderId)}">` : ''}<button type="submit">${label}</button></form>`;
  const rows = held
    .map(
      (h) =>
        `<li>${escape(h.order_id)}: ${escape(h.status)} (${escape(rupees(h.amount))}) ${release(h.order_id, 'Release')}</li>`,
    )
    .join('');
  return page(
    'Sandbox gateway settings',
    `<p>Callbacks are ${withholding ? '<strong>withheld</strong>: Pay, Fail and Cancel send the browser back, but the order is not confirmed until its callback is released' : 'sent: Pay, Fail and Cancel confirm the order server-side at once'}.</p>
<form method="post" action="/sandbox/gateway/settings"><input type="hidden" name="withhold" value="${withholding ? 'off' : 'on'}"><button type="submit">${withholding ? 'Send callbacks again' : 'Withhold callbacks'}</button></form>
<h2>Withheld callbacks</h2>
${held.length === 0 ? '<p>None.</p>' : `<ul>${rows}</ul>${release(null, 'Release all')}`}`,
  );
}

/** The sandbox gateway's page for an order; `back` is its return link. */
function gatewayPage(order: Order, withholding: boolean, back: string): string {
  const open = order.status === 'created';
  const button = (outcome: string, label: string) =>
    `<form method="post" action="/sandbox/gateway/${order.id}/${outcome}"><button type="submit">${label}</button></form>`;
  return page(
    'Sandbox payment gateway',
    `<p>This page stands in for the real payment gateway. No money moves.</p>
<dl><dt>Order</dt><dd>${escape(order.id)}</dd><dt>Amount</dt><dd>${escape(rupees(order.amount))}</dd><dt>Payment method</dt><dd>${escape(order.payment_method)}</dd></dl>
${open ? `${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}` : `<p>This order is already ${escape(order.status)}.</p><p><a href="${escape(back)}">Back to the portal</a></p>`}
<p>Callbacks are ${withholding ? 'withheld' : 'sent at once'} (<a href="/sandbox/gateway/settings">gateway settings</a>).</p>`,
  );
}

export function registerPaymentRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.get<{ Params: OrderStatusParams; Querystring: OrderStatusQuery; Reply: OrderStatusReply }>(
    '/api/orders/:order_id',
    {
      schema: apiSchema('order-status', {
        summary: 'What the server recorded for an order',
        tags: ['payments'],
      }),
    },
    async (request) => {
      const o = await existingOrder(ctx, request.params.order_id);
      // Only its owner reads an order: her session, or the token of the return link she came back by.
      const token = request.query.order_token;
      const byToken = token !== undefined && sameSecret(orderReturnToken(ctx.orderReturnKey, o.id), token);
      const bearer = byToken ? undefined : bearerToken(request);
      const session = bearer ? await authenticate(ctx, bearer) : null;
      if (!byToken && session?.student.id !== o.student_id)
        throw new ApiError(404, message('order.notFound'));
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
      const { order_id: id, status, txn_id: txn, amount, signature } = request.body;
      const expected = callbackSignature(ctx.config.paymentCallbackSecret, id, status, txn, amount);
      if (!signatureMatches(expected, signature)) {
        request.log.warn({ order: id, status, txn }, 'payment callback: bad signature refused');
        throw new ApiError(401, 'The payment confirmation is not signed correctly.');
      }
      const order = await confirmOrder(ctx, id, status, txn, {
        amount,
        source: 'gateway callback',
        log: request.log,
      });
      return { success: 'true', msg: `Order ${order.id} is ${order.status}.` };
    },
  );

  if (!ctx.config.sandbox) return;

  // The gateway's switch (sandbox only, this process's memory): while on, Pay, Fail and Cancel
  // send the browser back as a gateway would but hold the server-side callback until released,
  // so the portal's "payment being confirmed" pages and a late callback can be tried.
  let withholding = false;
  let withheld: Withheld[] = [];
  const sendCallback = async (h: Withheld) => {
    const signature = callbackSignature(
      ctx.config.paymentCallbackSecret,
      h.order_id,
      h.status,
      h.txn_id,
      h.amount,
    );
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/payments/callback',
      payload: { ...h, signature },
    });
    if (confirmed.statusCode !== 200)
      throw new ApiError(502, 'The sandbox gateway could not confirm the payment.');
  };

  app.get<{ Querystring: SandboxGatewayPageQuery }>(
    '/sandbox/gateway',
    {
      schema: apiSchema('sandbox-gateway-page', {
        summary: 'Sandbox gateway page',
        tags: ['sandbox'],
        answers: { html: true },
      }),
    },
    async (request, reply) => {
      const order = await existingOrder(ctx, request.query.order_id);
      return reply
        .type('text/html; charset=utf-8')
        .send(gatewayPage(order, withholding, returnUrl(ctx, order)));
    },
  );
  app.post<{ Body: SandboxGatewayFormBody }>(
    '/sandbox/gateway',
    {
      schema: apiSchema('sandbox-gateway-form', {
        summary: 'Sandbox gateway: the portal posts the order form here',
        tags: ['sandbox'],
        answers: { html: true },
      }),
    },
    async (request, reply) => {
      const order = await existingOrder(ctx, request.body.order_id);
      return reply
        .type('text/html; charset=utf-8')
        .send(gatewayPage(order, withholding, returnUrl(ctx, order)));
    },
  );
  app.post<{ Params: SandboxGatewayOutcomeParams }>(
    '/sandbox/gateway/:order_id/:outcome',
    {
      schema: apiSchema('sandbox-gateway-outcome', {
        summary: 'Sandbox gateway: Pay, Fail or Cancel',
        tags: ['sandbox'],
        answers: { redirect: true },
      }),
    },
    async (request, reply) => {
      const { order_id: id, outcome } = request.params;
      const order = await existingOrder(ctx, id);
      // The sandbox gateway confirms server-to-server through the same signed callback a real
      // gateway would call, then sends the browser back to the portal.
      const callback: Withheld = {
        order_id: id,
        status: outcomes[outcome],
        txn_id: `SBX${newId().replace(/-/g, '').slice(0, 16)}`,
        amount: order.amount,
      };
      if (withholding) {
        withheld.push(callback);
        request.log.info({ order: id, status: callback.status }, 'sandbox gateway: callback withheld');
        // Back with the gateway's word in the address, as a real gateway's redirect carries it.
        return reply.redirect(returnUrl(ctx, order, callback.status), 303);
      }
      await sendCallback(callback);
      return reply.redirect(returnUrl(ctx, await existingOrder(ctx, id)), 303);
    },
  );
  app.get(
    '/sandbox/gateway/settings',
    {
      schema: apiSchema('sandbox-gateway-settings-page', {
        summary: 'Sandbox gateway settings: withhold callbacks, release them',
        tags: ['sandbox'],
        answers: { html: true },
      }),
    },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(settingsPage(withholding, withheld)),
  );
  app.post<{ Body: SandboxGatewaySettingsBody }>(
    '/sandbox/gateway/settings',
    {
      schema: apiSchema('sandbox-gateway-settings', {
        summary: 'Sandbox gateway: withhold callbacks (on) or send them (off)',
        tags: ['sandbox'],
        answers: { redirect: true },
      }),
    },
    async (request, reply) => {
      withholding = request.body.withhold === 'on';
      return reply.redirect('/sandbox/gateway/settings', 303);
    },
  );
  app.post<{ Body: SandboxGatewayReleaseBody }>(
    '/sandbox/gateway/release',
    {
      schema: apiSchema('sandbox-gateway-release', {
        summary: "Sandbox gateway: send an order's (or every) withheld callback",
        tags: ['sandbox'],
        answers: { redirect: true },
      }),
    },
    async (request, reply) => {
      const id = request.body?.order_id;
      const now = withheld.filter((h) => !id || h.order_id === id);
      withheld = withheld.filter((h) => !now.includes(h));
      for (const h of now) await sendCallback(h);
      return reply.redirect('/sandbox/gateway/settings', 303);
    },
  );
}
