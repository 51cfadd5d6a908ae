// GET /api/mock-payment: a payment order for the sample-paper pack (Buy now on the dashboard).
import type { MockPaymentDataQuery, MockPaymentDataReply } from '../../generated/api/mock-payment-data';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const mockPaymentPath = (query: MockPaymentDataQuery) => withQuery('/api/mock-payment', { ...query });

export const fetchMockPayment = (token: string, query: MockPaymentDataQuery, options?: RequestOptions) =>
  apiGet<MockPaymentDataReply>(mockPaymentPath(query), { ...options, token });
