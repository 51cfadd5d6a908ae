import type { TokenRule } from '../generated/config/common';
import type { IndexedExperiment } from './experiments';
import type { Hosts } from '../generated/config/hosts';

/** What the build writes beside the prerendered pages, so the server needs no config to serve them. */
export interface SiteIndex {
  hosts: Hosts;
  routes: IndexedRoute[];
  /** The 404 page per profile. */
  notFound: Record<string, string>;
  /** The JavaScript files a page loads (the same for every page for now). */
  pageJs: string[];
  /** The funnel's reporter, which the pages of the funnel load beside the page script. */
  funnelJs?: string[];
  /** Paths split between variants (site.json experiments, resolved); absent when none. */
  experiments?: IndexedExperiment[];
}

export interface IndexedRoute {
  path: string;
  tokenRule?: TokenRule;
  /** The screen's client app answers the paths below this one too (its views' addresses). */
  appPaths?: boolean;
  /** Profile id → page file (relative to the pages folder). */
  files: Record<string, string>;
  /** The JavaScript the route requests before its load event: the page script and the chunks of
   *  the islands that mount at once (login, recovery). */
  js?: string[];
  /** The chunks of islands whose first view is prerendered (the registration card): requested
   *  after the load event or at the first touch; not in `js`. */
  deferredJs?: string[];
  /** What the route's islands may load later (e.g. the registration form steps); in neither. */
  lazyJs?: string[];
  /** Views of the logged-in app budgeted on their own (the result view with its chart): view →
   *  what opening it loads beyond `js`. Not in `lazyJs`. */
  viewJs?: Record<string, string[]>;
}
