// The funnel (decision 029): one row per step a visitor reached on a variant (the first
// time), and the daily counts that older rows are rolled up into. No personal data: the visitor is
// an anonymous random id the browser made; nothing else names a person.
export interface FunnelEventsTable {
  programme: string;
  /** The landing's variantKey (unique within its programme only). */
  variant: string;
  visitor: string;
  /** The step's code (src/domain/funnel-steps.ts: rank × 10), so a visitor's steps sort by it. */
  step: number;
  /** When it happened, ms since 1970 (the browser's time corrected by its clock's offset). A
   * bigint: PostgreSQL answers it as text, readers take Number() of it. */
  at_ms: number | string;
  /** YYYY-MM-DD in India time: the report's date range and the roll-up's day. */
  day: string;
  host: string;
  path: string;
  locale: string;
  /** '' when the visit had none (a key column of the roll-up: never null). */
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  has_gclid: number;
  /** The time from the visitor's previous step on the variant, as a log-scale bucket; -1 when
   * there was none (server/services/funnel/gap-buckets.ts). Set when the event arrives. */
  gap_bucket: number;
  /** 1: demo traffic made up by `npm run demo:traffic` (sandbox only); 0: a real visitor's event,
   * always, for every event the server records. */
  sandbox: number;
  /** The landing page's config version the visitor saw (migration 021); null: not known. */
  page_version: number | null;
}

export interface FunnelDailyTable {
  day: string;
  programme: string;
  variant: string;
  step: number;
  utm_source: string;
  /** '' when the visits had none (migration 024: rows rolled up before it have ''). */
  utm_medium: string;
  utm_campaign: string;
  /** The gap bucket of these visitors' time from their previous step (-1: untimed). */
  gap_bucket: number;
  /** Visitors who reached the step that day with that gap (each visitor-step is one event). */
  visitors: number;
  /** The rolled-up events' sandbox mark (1: demo traffic), a key column: never mixed with real counts. */
  sandbox: number;
}

export interface FunnelTables {
  funnel_events: FunnelEventsTable;
  funnel_daily: FunnelDailyTable;
}
