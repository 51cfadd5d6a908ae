// The route table (exact paths) and the token rules of part 1 §2. Pure: used by the
// prerenderer, the server and the browser alike.
import type { ConfigBundle, LandingFile } from './config-bundle';
import type { TokenRule } from '../generated/config/common';
import type { Site } from '../generated/config/site';

export type ScreenName = keyof Site['screens'];

export type Route =
  | { path: string; kind: 'landing'; landing: LandingFile; tokenRule?: TokenRule }
  | { path: string; kind: 'screen'; screen: ScreenName; tokenRule?: TokenRule; appPaths?: boolean };

/** Every path the site answers, screens first; a later duplicate is dropped (validation reports it). */
export function buildRoutes(bundle: ConfigBundle): Route[] {
  const routes = new Map<string, Route>();
  for (const [screen, def] of Object.entries(bundle.site.screens) as [
    ScreenName,
    Site['screens'][ScreenName],
  ][]) {
    for (const path of def.paths) {
      if (!routes.has(path))
        routes.set(path, {
          path,
          kind: 'screen',
          screen,
          tokenRule: def.tokenRule,
          ...(def.appPaths ? { appPaths: true } : {}),
        });
    }
  }
  for (const landing of bundle.landings) {
    for (const path of landing.landing.paths) {
      if (!routes.has(path))
        routes.set(path, { path, kind: 'landing', landing, tokenRule: landing.landing.tokenRule });
    }
  }
  return [...routes.values()];
}

export interface GuardInput {
  hasToken: boolean;
  query: URLSearchParams;
}

/** Where the token rule sends this visitor, or undefined to stay. */
export function guardRedirect(
  rule: TokenRule | undefined,
  { hasToken, query }: GuardInput,
): string | undefined {
  if (!rule) return undefined;
  if (hasToken && rule.ifToken) {
    const excepted = (rule.ifToken.unlessQuery ?? []).some(({ param, value }) => query.get(param) === value);
    return excepted ? undefined : rule.ifToken.redirectTo;
  }
  if (!hasToken && rule.ifNoToken) return rule.ifNoToken.redirectTo;
  return undefined;
}
