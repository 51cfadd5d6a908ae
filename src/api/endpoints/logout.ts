// POST /api/logout: ends the session server-side and clears the ef_session marker cookie.
import type { OkReply } from '../../generated/api/logout';
import { apiPost, type RequestOptions } from '../client';

export const LOGOUT_PATH = '/api/logout';
export const logout = (token: string, options?: RequestOptions) =>
  apiPost<OkReply>(LOGOUT_PATH, {}, { ...options, token });
