// examflow Studio's entry: its own build (dist/studio), served at /studio by the server (and by the
// dev server's Vite). It mounts into #studio-root; the session is the cookie, and every change
// carries the session's CSRF token, which the account client keeps for both clients.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createAccountApi } from './account-api';
import { createStudioApi } from './studio-api';
import { StudioRoot } from './studio-root';
import '../../ui/styles.css';
// The registration card's own styles (OTP boxes, field errors) for the card-state preview.
import '../../ui/screens.css';
import './studio.css';

// The dev server's "Invalid config" overlay is for the site's pages: a file on disk caught half-written
// (an editor saving, a git pull) must not cover the Studio, which checks the config itself and
// refuses to publish over a changed file. The Studio's own build errors still show.
if (import.meta.hot) {
  import.meta.hot.on('vite:error', (payload: { err?: { plugin?: string } }) => {
    if (payload.err?.plugin !== 'examflow:config') return;
    setTimeout(() => document.querySelectorAll('vite-error-overlay').forEach((overlay) => overlay.remove()));
  });
}

// No <StrictMode>: on the dev server (React's development build) StrictMode renders every component
// twice; that doubled the form's redraw after each typist's pause (and so the preview's delay) for
// every person using the Studio there, not just for the Studio's developers.
const root = document.getElementById('studio-root');
const csrf = { token: '' };
if (root) {
  createRoot(root).render(
    <BrowserRouter basename="/studio">
      <StudioRoot account={createAccountApi(csrf)} api={createStudioApi(csrf)} />
    </BrowserRouter>,
  );
}
