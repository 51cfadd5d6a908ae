// One analytics interface for every flow: track(name, payload). The programme config names the
// events (analytics.eventPrefix: iacst → iacst_register_now_landing), so no flow spells an exam type.
// Analytics must never break a flow: track() never throws and its promise never rejects; a failure
// is logged and dropped.
import type { AnalyticsEventBody } from '../generated/api/analytics-event';
import type { Programme } from '../generated/config/programme';
import type { RequestOptions } from '../api/client';
import { postAnalyticsEvent } from '../api/endpoints/analytics';

/** The events the flows send, without the programme prefix (part 1 §7, part 2 §7). */
export const ANALYTICS_EVENTS = [
  'register_now_landing',
  'apply_for_selection',
  'otp_sent',
  'otp_verified',
  'student_details_submitted',
  'exam_details_submitted',
  'coupon_applied',
  'signup_success',
  'signup_failure',
  'payment_status_success',
  'payment_status_failure',
  'payment_status_aborted',
  'payment_retry',
  'login_success',
  'login_failure',
  'recover_credentials_sent',
  'caller_identity_started',
  'caller_identity_failed',
  'dashboard_load_failure',
  'test_start_failure',
  'result_view_failure',
  'prospectus_download',
  'mock_pack_buy',
  // The course purchase (part 2 §7: proceed, retry, terms, provisional-fee proceed, fee panel).
  'course_proceed',
  'provisional_fee_proceed',
  'fee_breakup_open',
  'fee_breakup_close',
  'checkout_terms_toggle',
  'course_content_download',
  'exit_intent_shown',
  'retention_shown',
  'retention_register',
  // Engagement in the portal (part 2 §9: scroll tracking debounced 1 s, video focus polled 100 ms).
  'scroll_depth',
  'video_focus',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export type PaymentStatus = 'success' | 'failure' | 'aborted';
/** The payment status event of a gateway outcome. */
export const paymentStatusEvent = (status: PaymentStatus): AnalyticsEventName => `payment_status_${status}`;

export type AnalyticsPayload = NonNullable<AnalyticsEventBody['payload']>;

/**
 * The events whose full name the spec spells in a pattern of its own (part 1 §7:
 * `{exam}7_payment_status_failure`); every other event is `{prefix}_{name}`.
 */
const SPEC_EVENT_NAMES: Partial<Record<AnalyticsEventName, string>> = {
  payment_status_failure: '{prefix}7_payment_status_failure',
};

/** Where events go. May reject: track() catches it. */
export type AnalyticsSink = (event: AnalyticsEventBody) => Promise<unknown>;

/** The sandbox sink: POST /api/analytics, which stores the event (listed at /sandbox/analytics). */
export const apiAnalyticsSink =
  (options?: RequestOptions): AnalyticsSink =>
  (event) =>
    postAnalyticsEvent(event, options);

export interface Analytics {
  /** Sends `{prefix}_{name}`; resolves when sent or dropped, never rejects. */
  track(name: AnalyticsEventName, payload?: AnalyticsPayload): Promise<void>;
  /** The full event name, e.g. mock_neet_otp_sent, mock_neet7_payment_status_failure. */
  eventName(name: AnalyticsEventName): string;
}

/** What the server accepts as an event name (schemas/api/analytics-event.schema.json). */
const EVENT_NAME = /^[a-z0-9_]{1,64}$/;

export interface AnalyticsOptions {
  programme: Pick<Programme, 'examType' | 'analytics'>;
  sink?: AnalyticsSink;
  /** Where a dropped event is reported; console.warn by default. */
  log?: (message: string, error?: unknown) => void;
}

export function createAnalytics({
  programme,
  sink = apiAnalyticsSink(),
  log = (message, error) => console.warn(message, error),
}: AnalyticsOptions): Analytics {
  const eventName = (name: AnalyticsEventName) =>
    (SPEC_EVENT_NAMES[name] ?? '{prefix}_{name}')
      .replace('{prefix}', programme.analytics.eventPrefix)
      .replace('{name}', name);
  return {
    eventName,
    async track(name, payload = {}) {
      const full = eventName(name);
      // A prefix the server would refuse is a config mistake: say so, and spare the request.
      if (!EVENT_NAME.test(full)) {
        log(`examflow analytics: dropped "${full}" (not a valid event name)`);
        return;
      }
      try {
        await sink({ name: full, exam_type: programme.examType, payload });
      } catch (error) {
        log(`examflow analytics: could not send "${full}"`, error);
      }
    },
  };
}
