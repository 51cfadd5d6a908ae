// GET /api/orders/:order_id: what the server recorded for an order. The server keeps the truth: a
// status=success in the return URL marks nothing paid, this does (DESIGN.md decision 7).
import type { OrderStatusParams, OrderStatusQuery, OrderStatusReply } from '../../generated/api/order-status';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

/** Its owner reads it: with her session (options.token), or the return link's order_token. */
type OrderRead = OrderStatusParams & OrderStatusQuery;

export const orderStatusPath = ({ order_id: orderId, order_token: token }: OrderRead) =>
  `/api/orders/${encodeURIComponent(orderId)}${token ? `?order_token=${encodeURIComponent(token)}` : ''}`;
export const orderStatusKey = (params: OrderRead) => swrKey(orderStatusPath(params));

export const fetchOrderStatus = (params: OrderRead, options?: RequestOptions) =>
  apiGet<OrderStatusReply>(orderStatusPath(params), options);

export const useOrderStatus = (params: OrderRead | null, options?: RequestOptions) =>
  useApiRead(params, orderStatusKey, (p) => fetchOrderStatus(p, options));
