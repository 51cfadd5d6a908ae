// Experiments made in the Studio and the visitors they exposed (decision 056). No personal data:
// the visitor is the anonymous random id the funnel already uses (funnel_events.visitor).
export interface ExperimentsTable {
  /** Short id, letters, digits and -: the `ef_exp_<id>` cookie and site.json's experiment id. */
  id: string;
  name: string;
  hypothesis: string;
  /** The landing page's path that is split. */
  path: string;
  programme: string;
  /** JSON: [{ variantKey, weight }], the page's own variant first. */
  arms: string;
  /** The primary step (src/domain/funnel-steps.ts name): 'registered' or 'paid'. */
  goal: string;
  /** JSON: up to three more step names. */
  secondary: string;
  /** The smallest relative lift worth detecting, e.g. 0.1 for +10 %. */
  min_effect: number;
  /** Planned exposures per arm (two-proportion power, α 0.05, power 0.8) when it was created. */
  planned_per_arm: number;
  /** The conversion rate the plan was computed from. */
  baseline_rate: number;
  /** draft | running | paused | stopped | decided */
  status: string;
  created_by: string;
  created_at_ms: number | string;
  started_at_ms: number | string | null;
  stopped_at_ms: number | string | null;
  winner: string | null;
}

export interface ExperimentExposuresTable {
  experiment: string;
  /** The variantKey the visitor was assigned. */
  arm: string;
  visitor: string;
  at_ms: number | string;
  /** YYYY-MM-DD in India time. */
  day: string;
}

/**
 * An exposed visitor's step on their arm, moved here from funnel_events by the funnel's roll-up
 * (server/services/funnel/rollup.ts), whose daily counts name no visitor: an experiment longer
 * than the funnel keeps its events still counts every conversion.
 */
export interface ExperimentConversionsTable {
  experiment: string;
  arm: string;
  visitor: string;
  /** The step's code (src/domain/funnel-steps.ts stepCode). */
  step: number;
  at_ms: number | string;
}

export interface ExperimentTables {
  experiments: ExperimentsTable;
  experiment_exposures: ExperimentExposuresTable;
  experiment_conversions: ExperimentConversionsTable;
}
