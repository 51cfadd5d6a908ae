// POST /api/analytics: records one analytics event (no session needed). src/app/analytics.ts is
// the one interface the flows use; this is only its transport.
import type { AnalyticsEventBody, OkReply as AnalyticsEventReply } from '../../generated/api/analytics-event';
import { apiPost, type RequestOptions } from '../client';

export const ANALYTICS_PATH = '/api/analytics';
export const postAnalyticsEvent = (body: AnalyticsEventBody, options?: RequestOptions) =>
  apiPost<AnalyticsEventReply>(ANALYTICS_PATH, body, options);
