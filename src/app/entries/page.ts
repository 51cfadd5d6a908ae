// The one script every prerendered page loads: styles, and the enhancers of the blocks on it.
import '../../ui/styles.css';
import '../../ui/screens.css';
import { enhanceAll } from '../../features/landing/enhance/enhance-all';
import { blockDevtoolsShortcuts } from '../devtools-shortcuts';

enhanceAll(document);
if (document.documentElement.hasAttribute('data-block-devtools')) blockDevtoolsShortcuts(document);
