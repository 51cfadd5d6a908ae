// The parts of the Studio its first screen (the home page's list) does not show: the editor (@rjsf,
// the schemas, the registration card and its machines: most of the Studio's code) and the rules and
// messages "New variant from…" checks with. Each loads when it is used, or once the list is shown
// and the browser is idle, so that using it does not wait either.
import { lazy } from 'react';

const loadEditor = () => import('./editor-page');

export const EditorPage = lazy(async () => ({ default: (await loadEditor()).EditorPage }));

/** The Texts screen: the string tables, by where students read them. */
export const TextsPage = lazy(async () => ({ default: (await import('./texts-page')).TextsPage }));

/** The review screens: the Inbox and a document's history. */
export const InboxPage = lazy(async () => ({ default: (await import('./inbox-page')).InboxPage }));
export const HistoryPage = lazy(async () => ({ default: (await import('./history-page')).HistoryPage }));

/** The Funnel view, with chart.js: only when opened. */
export const FunnelPage = lazy(async () => ({ default: (await import('./funnel-page')).FunnelPage }));

/** Experiments: the list, a new one, one's results. */
export const ExperimentsPage = lazy(async () => ({
  default: (await import('./experiments-page')).ExperimentsPage,
}));
export const NewExperimentPage = lazy(async () => ({
  default: (await import('./new-experiment-page')).NewExperimentPage,
}));
export const ExperimentPage = lazy(async () => ({
  default: (await import('./experiment-page')).ExperimentPage,
}));

/** People (admins) and Activity (publishers, admins): only when opened. */
export const PeoplePage = lazy(async () => ({ default: (await import('./people-page')).PeoplePage }));
export const ActivityPage = lazy(async () => ({ default: (await import('./activity-page')).ActivityPage }));

/** Loads the later parts when the browser is next idle (call it once the first screen is shown). */
export function loadLaterParts(): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => {
    void import('../model/friendly-message');
    void import('../../engine/content/paths');
    void loadEditor();
  });
}
