// The studio's routes under /studio, over an API client (the real one, or a fake in tests). The
// editor is loaded when it opens, or once the home page is shown (later-parts.ts).
import { Suspense, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { HomePage } from './home-page';
import { hasEditorForm, isTextTable, SettingsScreen } from './settings-screen';
import {
  ActivityPage,
  EditorPage,
  ExperimentPage,
  ExperimentsPage,
  FunnelPage,
  HistoryPage,
  InboxPage,
  NewExperimentPage,
  PeoplePage,
  TextsPage,
} from './later-parts';
import { StudioApiContext } from './studio-form-context';
import type { StudioApi } from './studio-api';

/** A screen loaded when it is opened, saying so meanwhile. */
function Opening({ what, page }: { what: string; page: ReactNode }) {
  return (
    <Suspense
      fallback={
        <main id="main" className="st-main" tabIndex={-1}>
          <p role="status">Opening {what}…</p>
        </main>
      }
    >
      {page}
    </Suspense>
  );
}

/** The editor for a page, programme or coupon; the Texts screen for a string table; the settings
 *  screen for any other document. */
function EditorOrSettings() {
  const path = useParams()['*'] ?? '';
  if (isTextTable(path)) return <TextsPage />;
  // One editor per page: a link from one page's editor to another's (its Hindi page) opens a new
  // editor, so nothing of the last page's draft is kept (or saved) as the new page's.
  return hasEditorForm(path) ? <EditorPage key={path} /> : <SettingsScreen />;
}

export function StudioApp({ api, header }: { api: StudioApi; header?: ReactNode }) {
  return (
    <StudioApiContext.Provider value={api}>
      <a className="ef-skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route
          path="/edit/*"
          element={
            <Suspense
              fallback={
                <main id="main" className="st-main" tabIndex={-1}>
                  <p role="status">Opening the editor…</p>
                </main>
              }
            >
              <EditorOrSettings />
            </Suspense>
          }
        />
        <Route path="/texts" element={<Opening what="the texts" page={<TextsPage />} />} />
        <Route path="/funnel" element={<Opening what="the funnel" page={<FunnelPage />} />} />
        <Route path="/experiments" element={<Opening what="the experiments" page={<ExperimentsPage />} />} />
        <Route
          path="/experiments/new"
          element={<Opening what="a new experiment" page={<NewExperimentPage />} />}
        />
        <Route
          path="/experiments/:id"
          element={<Opening what="the experiment" page={<ExperimentPage />} />}
        />
        <Route path="/inbox" element={<Opening what="the Inbox" page={<InboxPage />} />} />
        <Route path="/history/*" element={<Opening what="the history" page={<HistoryPage />} />} />
        <Route path="/people" element={<Opening what="People" page={<PeoplePage />} />} />
        <Route path="/activity" element={<Opening what="the activity" page={<ActivityPage />} />} />
        <Route
          path="*"
          element={
            <main id="main" className="st-main">
              <h1>Not found</h1>
              <a href="/studio">All pages</a>
            </main>
          }
        />
      </Routes>
    </StudioApiContext.Provider>
  );
}
