// The one script every prerendered page loads: styles, the enhancers of the blocks on it, and the
// interactive islands it has. An island named x lives in ../islands/x.tsx and loads only on pages
// that have one, so a page without an island (the terms page) never downloads React.
import '../../ui/styles.css';
import '../../ui/screens.css';
import { enhanceAll } from '../../features/landing/enhance/enhance-all';
import { blockDevtoolsShortcuts } from '../devtools-shortcuts';

interface Island {
  mount(element: HTMLElement): void;
}

const islands: Record<string, () => Promise<Island>> = {
  'login-form': () => import('../islands/login-form'),
  'recover-form': () => import('../islands/recover-form'),
  'registration-card': () => import('../islands/registration-card'),
};

enhanceAll(document);
if (document.documentElement.hasAttribute('data-block-devtools')) blockDevtoolsShortcuts(document);
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset.island ?? ''];
  if (load) void load().then((island) => island.mount(element));
}
