// GET /api/orders/:order_id: what the server recorded for an order. The server keeps the truth: a
// status=success in the return URL marks nothing paid, this does (DESIGN.md decision 7).
import type { OrderStatusParams, OrderStatusReply } from '../../generated/api/order-status';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const orderStatusPath = ({ order_id: orderId }: OrderStatusParams) =>
  `/api/orders/${encodeURIComponent(orderId)}`;
export const orderStatusKey = (params: OrderStatusParams) => swrKey(orderStatusPath(params));

export const fetchOrderStatus = (params: OrderStatusParams, options?: RequestOptions) =>
  apiGet<OrderStatusReply>(orderStatusPath(params), options);

export const useOrderStatus = (params: OrderStatusParams | null, options?: RequestOptions) =>
  useApiRead(params, orderStatusKey, (p) => fetchOrderStatus(p, options));
