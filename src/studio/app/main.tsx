// The studio's entry (dev only: served at /studio by the studio's Vite plugin, never by `npm start`).
// It mounts into #studio-root and talks to the file API with the per-start token of the page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createStudioApi, readStudioToken } from './studio-api';
import { StudioApp } from './studio-app';
import '../../ui/styles.css';
import './studio.css';

const root = document.getElementById('studio-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename="/studio">
        <StudioApp api={createStudioApi(readStudioToken())} />
      </BrowserRouter>
    </StrictMode>,
  );
}
