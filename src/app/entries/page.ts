// The one script every prerendered page loads: styles, the enhancers of the blocks on it, and the
// interactive islands it has. An island named x lives in ../islands/x.tsx and loads only on pages
// that have one, so a page without an island (the terms page) never downloads React. An island
// whose first view is prerendered and works as HTML (data-island-load="deferred", the registration
// card) loads after the page's load event, or at once when the student first touches it, so the
// page's first load carries only this script. A landing page requests this script itself after its
// first paint (../../engine/after-paint.ts); the other pages name it in their head.
import '../../ui/styles.css';
import '../../ui/screens.css';
import { enhanceAll } from '../../features/landing/enhance/enhance-all';
import { blockDevtoolsShortcuts } from '../devtools-shortcuts';
import { loadIsland } from './island-loading';

interface Island {
  mount(element: HTMLElement): void;
}

const islands: Record<string, () => Promise<Island>> = {
  'login-form': () => import('../islands/login-form'),
  portal: () => import('../islands/portal'),
  'recover-form': () => import('../islands/recover-form'),
  'registration-card': () => import('../islands/registration-card'),
  result: () => import('../islands/result'),
};

enhanceAll(document);
if (document.documentElement.hasAttribute('data-block-devtools')) blockDevtoolsShortcuts(document);
/** Runs `start` once: after the load event, or at the student's first touch of the element. */
function whenLoadedOrTouched(element: HTMLElement, start: () => void): void {
  const touches = ['focusin', 'pointerdown', 'input'] as const;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    window.removeEventListener('load', once);
    for (const type of touches) element.removeEventListener(type, once);
    start();
  };
  // Touched before this script ran (a landing page loads it after its first paint, or at that touch).
  if (document.readyState === 'complete' || element.contains(document.activeElement)) return once();
  window.addEventListener('load', once);
  for (const type of touches) element.addEventListener(type, once, { passive: true });
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset.island ?? ''];
  if (!load) continue;
  if (element.dataset.islandLoad === 'deferred')
    // Mounting in a task of its own: the island's modules are evaluated in one task, its mount in
    // the next, so neither is one long block of the main thread.
    // A script that fails to arrive (a dropped connection) is offered again: island-loading.ts.
    whenLoadedOrTouched(element, () => {
      loadIsland(element, load, (island) => setTimeout(() => island.mount(element), 0));
    });
  else loadIsland(element, load, (island) => island.mount(element));
}
