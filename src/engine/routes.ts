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

/**
 * Paths the servers answer themselves, never a page of the config: the API and sandbox (the Fastify
 * server, proxied by the dev server), built and public files, and the dev server's own tools (Vite's
 * /@… and /src/…, the machine inspector, the Studio). A page path may be none of these nor below one.
 * The one list: the config cross-check and the Studio's path checks both read it.
 */
export const reservedPaths: readonly string[] = [
  '/api',
  '/sandbox',
  '/assets',
  '/images',
  '/@',
  '/src',
  '/node_modules',
  '/inspector',
  '/studio',
];

/** common.schema.json's routePath, as the Studio needs it before the schema runs (a test keeps them equal). */
export const routePathPattern = /^\/([a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*)?$/;

/** Who already answers a path: a file of the config (config/…) and whether the paths below it are its too. */
export interface PathOwner {
  owner: string;
  appPaths?: boolean;
}

/**
 * Why a landing cannot have this path, or undefined when it can. Every page path is answered on
 * every host (buildRoutes is one table for all hosts; a host profile only swaps which variant's
 * content a path shows), so a path taken anywhere is taken on every host that serves both pages.
 * `taken` holds the other pages' paths (screens and landings, not this landing's own).
 */
export function pagePathProblem(path: string, taken: ReadonlyMap<string, PathOwner>): string | undefined {
  if (!routePathPattern.test(path))
    return `path "${path}" is not a valid page path: it starts with /, then lower-case letters, digits and hyphens in segments separated by /, with no / at the end`;
  if (reservedPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    return `path "${path}" is reserved for the server`;
  const same = taken.get(path);
  if (same) return `path "${path}" is already used by ${same.owner}`;
  for (const [other, { owner, appPaths }] of taken) {
    if (appPaths && other !== '/' && path.startsWith(`${other}/`))
      return `path "${path}" is inside ${other}, whose pages belong to the app (${owner})`;
  }
  return undefined;
}

/** Every screen's and landing's path with its owner, as pagePathProblem reads them; `except` leaves one landing file out. */
export function takenPaths(
  bundle: Pick<ConfigBundle, 'site' | 'landings'>,
  except?: string,
): Map<string, PathOwner> {
  const taken = new Map<string, PathOwner>();
  for (const def of Object.values(bundle.site.screens)) {
    for (const path of def.paths)
      if (!taken.has(path))
        taken.set(path, { owner: 'config/site.json', ...(def.appPaths ? { appPaths: true } : {}) });
  }
  for (const { file, landing } of bundle.landings) {
    if (file === except) continue;
    for (const path of landing.paths) if (!taken.has(path)) taken.set(path, { owner: `config/${file}` });
  }
  return taken;
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
