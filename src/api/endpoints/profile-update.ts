// POST /api/profile: update the student's city, school board and school (part 2 §7 "POST profile
// update"). The profile's swr key (profile.ts) is revalidated by the caller after a success.
import type { ProfileUpdateBody, ProfileUpdateReply } from '../../generated/api/profile-update';
import { apiPost, type RequestOptions } from '../client';
import { PROFILE_PATH } from './profile';

export const updateProfile = (token: string, body: ProfileUpdateBody, options?: RequestOptions) =>
  apiPost<ProfileUpdateReply>(PROFILE_PATH, body, { ...options, token });
