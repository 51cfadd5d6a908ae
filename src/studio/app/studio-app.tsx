// The studio's routes under /studio, over an API client (the real one, or a fake in tests). The
// editor (@rjsf, the schemas, the registration card and its machines: most of the Studio's code) is
// loaded when it opens, or once the home page is idle: the home page, the Studio's first screen,
// waits for none of it.
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from './home-page';
import { StudioApiContext } from './studio-form-context';
import type { StudioApi } from './studio-api';

const loadEditor = () => import('./editor-page');
const EditorPage = lazy(async () => ({ default: (await loadEditor()).EditorPage }));

export function StudioApp({ api }: { api: StudioApi }) {
  useEffect(() => {
    // Once the first screen is up, so that opening a page does not wait for the editor's code.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadEditor());
  }, []);
  return (
    <StudioApiContext.Provider value={api}>
      <a className="ef-skip-link" href="#main">
        Skip to content
      </a>
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
