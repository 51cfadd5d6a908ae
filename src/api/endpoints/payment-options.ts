// GET /api/payment-options/:branch_code: the centre's payment options (value → label); the
// checkout's payment method follows from them (src/domain/checkout.ts).
import type { PaymentOptionsReply } from '../../generated/api/payment-options';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const paymentOptionsPath = (branchCode: string) =>
  `/api/payment-options/${encodeURIComponent(branchCode)}`;
export const paymentOptionsKey = (branchCode: string) => swrKey(paymentOptionsPath(branchCode));

export const fetchPaymentOptions = (branchCode: string, options?: RequestOptions) =>
  apiGet<PaymentOptionsReply>(paymentOptionsPath(branchCode), options);

/** No branch code, no call. */
export const usePaymentOptions = (branchCode: string | null | undefined, options?: RequestOptions) =>
  useApiRead(branchCode || null, paymentOptionsKey, (code) => fetchPaymentOptions(code, options));
