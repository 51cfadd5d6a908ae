// The studio's routes under /studio, over an API client (the real one, or a fake in tests).
import { Route, Routes } from 'react-router-dom';
import { EditorPage } from './editor-page';
import { HomePage } from './home-page';
import { StudioApiContext } from './studio-form-context';
import type { StudioApi } from './studio-api';

export function StudioApp({ api }: { api: StudioApi }) {
  return (
    <StudioApiContext.Provider value={api}>
      <a className="ef-skip-link" href="#main">
        Skip to content
      </a>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/edit/*" element={<EditorPage />} />
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
