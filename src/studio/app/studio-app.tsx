// The studio's routes under /studio, over an API client (the real one, or a fake in tests). The
// editor is loaded when it opens, or once the home page is shown (later-parts.ts).
import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from './home-page';
import { EditorPage, FunnelPage } from './later-parts';
import { StudioApiContext } from './studio-form-context';
import type { StudioApi } from './studio-api';

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
              <EditorPage />
            </Suspense>
          }
        />
        <Route
          path="/funnel"
          element={
            <Suspense
              fallback={
                <main id="main" className="st-main" tabIndex={-1}>
                  <p role="status">Opening the funnel…</p>
                </main>
              }
            >
              <FunnelPage />
            </Suspense>
          }
        />
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
