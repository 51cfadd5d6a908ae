// GET /api/dashboard: the student's cards, papers, series, result summary and course flags.
import type { DashboardReply } from '../../generated/api/dashboard';
import { apiGet, swrKey, type RequestOptions } from '../client';

export const DASHBOARD_PATH = '/api/dashboard';
export const dashboardKey = (token: string) => swrKey(DASHBOARD_PATH, token);

export const fetchDashboard = (token: string, options?: RequestOptions) =>
  apiGet<DashboardReply>(DASHBOARD_PATH, { ...options, token });
