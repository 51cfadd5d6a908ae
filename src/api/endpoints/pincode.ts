// GET /api/pincode/:pincode: city and state of a 6-digit pincode (fills the address fields).
import type { GeoPincodeParams, GeoPincodeReply } from '../../generated/api/geo-pincode';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const pincodePath = ({ pincode }: GeoPincodeParams) => `/api/pincode/${encodeURIComponent(pincode)}`;
export const pincodeKey = (params: GeoPincodeParams) => swrKey(pincodePath(params));

export const fetchPincode = (params: GeoPincodeParams, options?: RequestOptions) =>
  apiGet<GeoPincodeReply>(pincodePath(params), options);

/** Looks up only a complete pincode (6 digits); anything shorter fetches nothing. */
export const usePincode = (pincode: string, options?: RequestOptions) =>
  useApiRead(/^\d{6}$/.test(pincode) ? { pincode } : null, pincodeKey, (p) => fetchPincode(p, options));
