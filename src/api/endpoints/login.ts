// POST /api/login: roll number and date of birth (part 1 §7). The server also sets the ef_session
// marker cookie (decision 001); the token itself goes to the session store.
import type { LoginBody, LoginReply } from '../../generated/api/login';
import { apiPost, type RequestOptions } from '../client';

export const LOGIN_PATH = '/api/login';
export const login = (body: LoginBody, options?: RequestOptions) =>
  apiPost<LoginReply>(LOGIN_PATH, body, options);
