// What to answer for a page request: a redirect (token rules) or a page (or 404). Pure, so the
// production server and the dev server decide alike.
import { parse as parseCookie } from 'cookie';
import { guardRedirect } from './routes';
import type { TokenRule } from '../generated/config/common';

/**
 * Name of the cookie that marks a browser holding a session token. The token itself lives in the
 * client's persisted state (part 1 §3); this marker lets the server apply the token rules before
 * any HTML is sent, so a logged-in student never sees a landing page flash (decision 001).
 */
export const SESSION_MARKER_COOKIE = 'ef_session';

export interface PageRoute {
  path: string;
  tokenRule?: TokenRule;
  /** Paths below this one are the same page (a client app's views: /dashboard/course/…). */
  appPaths?: boolean;
}

export type PageDecision<R extends PageRoute> =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; route: R; status: 200 }
  | { kind: 'not-found'; status: 404 };

export function hasSessionMarker(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && parseCookie(cookieHeader)[SESSION_MARKER_COOKIE]);
}

export function decidePage<R extends PageRoute>(
  routes: readonly R[],
  url: URL,
  cookieHeader: string | undefined,
): PageDecision<R> {
  const route =
    routes.find((r) => r.path === url.pathname) ??
    routes.find((r) => r.appPaths && url.pathname.startsWith(`${r.path}/`));
  if (!route) return { kind: 'not-found', status: 404 };
  const location = guardRedirect(route.tokenRule, {
    hasToken: hasSessionMarker(cookieHeader),
    query: url.searchParams,
  });
  // The query travels with the redirect: a login link from another host (/dashboard?roll_no=…&dob=…)
  // reaches the login screen's auto-login, and campaign parameters are not lost.
  if (location !== undefined && location !== route.path)
    return { kind: 'redirect', location: `${location}${url.search}` };
  return { kind: 'page', route, status: 200 };
}
