// GET /api/states: the names of India's states and union territories (the checkout's State list).
import type { MasterStatesReply } from '../../generated/api/master-states';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const STATES_PATH = '/api/states';
export const statesKey = () => swrKey(STATES_PATH);

export const fetchStates = (options?: RequestOptions) => apiGet<MasterStatesReply>(STATES_PATH, options);

export const useStates = (options?: RequestOptions) =>
  useApiRead(true, statesKey, () => fetchStates(options));
