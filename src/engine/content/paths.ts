// Where a landing's paths are served, and whether a new path or variant may be used. The rules are
// the engine's (src/engine/routes.ts, src/engine/variant-keys.ts, src/engine/hosts.ts), so the Studio
// refuses exactly what `npm run validate:config` refuses, before anything is written.
import type { ConfigBundle } from '../config-bundle';
import { overriddenVariant } from '../hosts';
import { pagePathProblem, takenPaths } from '../routes';
import { variantKeyProblem } from '../variant-keys';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';

export interface HostUrl {
  host: string;
  /** http://host/path; a wildcard host (*.example.com) is kept as written. */
  url: string;
  /** The variant key whose content this URL shows instead of the page's own (the digital host shows adst). */
  shows?: string;
}

/**
 * Every URL a path answers on. The route table is one for all hosts (every page path is served on
 * every host, src/engine/routes.ts buildRoutes); a host profile's variantOverride only changes
 * whose content the path shows there.
 */
export function urlsOf(
  hosts: Hosts,
  landing: Pick<Landing, 'programme' | 'variantKey'>,
  path: string,
): HostUrl[] {
  return hosts.profiles.flatMap((profile) => {
    const shows = overriddenVariant(profile, landing);
    return profile.hosts.map((host) => ({
      host,
      url: `http://${host}${path}`,
      ...(shows === undefined ? {} : { shows }),
    }));
  });
}

/** The hosts on which a landing's own content is shown (LandingSummary.hosts). */
export function hostsShowing(hosts: Hosts, landing: Pick<Landing, 'programme' | 'variantKey'>): string[] {
  return hosts.profiles
    .filter((profile) => overriddenVariant(profile, landing) === undefined)
    .flatMap((profile) => profile.hosts);
}

export interface PathProblem {
  index: number;
  path: string;
  message: string;
}

/**
 * What is wrong with each of a landing's paths: malformed, reserved for the server or the app, used
 * by another page (on every host: see urlsOf), or given twice. `ownFile` is the landing's own file
 * (config-relative, e.g. landings/x.json), whose current paths do not count as taken.
 */
export function pathProblems(
  paths: readonly string[],
  ctx: { bundle: Pick<ConfigBundle, 'site' | 'landings'>; ownFile?: string },
): PathProblem[] {
  const taken = takenPaths(ctx.bundle, ctx.ownFile);
  const problems: PathProblem[] = [];
  paths.forEach((path, index) => {
    const message =
      paths.indexOf(path) < index
        ? `path "${path}" is given twice on this page`
        : pagePathProblem(path, taken);
    if (message) problems.push({ index, path, message });
  });
  if (paths.length === 0) problems.push({ index: 0, path: '', message: 'a page needs at least one path' });
  return problems;
}

export interface NewVariantRequest {
  paths: string[];
  variantKey: string;
}

export interface VariantProblem {
  field: 'paths' | 'variantKey' | 'file';
  index?: number;
  message: string;
}

export type NewVariant =
  { ok: true; file: string; landing: Landing } | { ok: false; problems: VariantProblem[] };

/** The file a new variant is written to: landings/<first path, slashes as hyphens>.json. */
export function fileForPath(path: string): string {
  const slug = path.replace(/^\//, '').replace(/\//g, '-') || 'home';
  return `landings/${slug}.json`;
}

/**
 * A copy of `source` with new paths and variant key, or why not. The key is unique across all
 * programmes (the registration API finds a page's programme by it, and funnel events report it as
 * the variant served; src/engine/variant-keys.ts), and `default`/`terms` are the programme's own.
 * The registration card's checkedListsOn names the source's paths: each is carried over to the new
 * path at the same position, or dropped.
 */
export function newVariantFrom(
  source: Landing,
  request: NewVariantRequest,
  bundle: Pick<ConfigBundle, 'site' | 'landings' | 'programmes'>,
): NewVariant {
  const paths = request.paths.map((p) => p.trim());
  const variantKey = request.variantKey.trim();
  const problems: VariantProblem[] = pathProblems(paths, { bundle }).map(({ index, message }) => ({
    field: 'paths',
    index,
    message,
  }));
  const keyProblem = ['default', 'terms'].includes(variantKey)
    ? `variant key "${variantKey}" is the programme's own page; a new variant needs a key of its own`
    : variantKeyProblem(variantKey, source.programme, bundle);
  if (keyProblem) problems.push({ field: 'variantKey', message: keyProblem });
  const file = fileForPath(paths[0] ?? '');
  const clash = problems.length === 0 ? bundle.landings.find((l) => l.file === file) : undefined;
  // The file is named after the first address; the message names the page, not the file.
  if (clash)
    problems.push({
      field: 'file',
      message: `the page “${clash.landing.title}” (${clash.landing.paths[0] ?? ''}) is already kept under the name the address ${paths[0] ?? ''} makes: put another address first`,
    });
  if (problems.length > 0) return { ok: false, problems };

  const landing = structuredClone(source);
  const [first, ...more] = paths;
  if (first === undefined) return { ok: false, problems }; // pathProblems refused an empty list
  landing.paths = [first, ...more];
  landing.variantKey = variantKey;
  const [head, ...tail] = landing.blocks.map((block) => {
    if (block.type !== 'registration-card' || !block.checkedListsOn) return block;
    const carried = block.checkedListsOn
      .map((p) => paths[source.paths.indexOf(p)])
      .filter((p): p is string => p !== undefined);
    const { checkedListsOn: _dropped, ...rest } = block;
    return carried.length > 0 ? { ...rest, checkedListsOn: carried } : rest;
  });
  if (head) landing.blocks = [head, ...tail];
  return { ok: true, file, landing };
}
