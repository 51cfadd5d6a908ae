// GET /api/branches/:branch_code: the branch's centres (addresses, phone numbers, map links).
import type { BranchListReply } from '../../generated/api/branch-list';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const branchesPath = (branchCode: string) => `/api/branches/${encodeURIComponent(branchCode)}`;
export const branchesKey = (branchCode: string) => swrKey(branchesPath(branchCode));

export const fetchBranches = (branchCode: string, options?: RequestOptions) =>
  apiGet<BranchListReply>(branchesPath(branchCode), options);

/** No branch code, no call. */
export const useBranches = (branchCode: string | null | undefined, options?: RequestOptions) =>
  useApiRead(branchCode || null, branchesKey, (code) => fetchBranches(code, options));
