// GET /api/profile: the student's profile (the View Profile modal and the edit-exam form read it).
import type { ProfileReply } from '../../generated/api/profile';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const PROFILE_PATH = '/api/profile';
export const profileKey = (token: string) => swrKey(PROFILE_PATH, token);

export const fetchProfile = (token: string, options?: RequestOptions) =>
  apiGet<ProfileReply>(PROFILE_PATH, { ...options, token });

/** No token, no call. */
export const useProfile = (token: string | null | undefined, options?: RequestOptions) =>
  useApiRead(token || null, profileKey, (t) => fetchProfile(t, options));
