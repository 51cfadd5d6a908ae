// Experiments (decision 029): a landing page's path split between variants of its
// programme by weight. Pure: the config check refuses a bad split, the build resolves each
// experiment into the site index, and the server picks a visitor's variant from it.
import { parse as parseCookie } from 'cookie';
import { isbot } from 'isbot';
import type { ConfigBundle, LandingFile } from './config-bundle';
import type { Experiment } from '../generated/config/site';

/** A resolved experiment, as the build writes it into the site index. */
export interface IndexedExperiment {
  id: string;
  path: string;
  /** The variant of the page that owns the path: what search engines and previews see. */
  defaultVariant: string;
  variants: {
    variantKey: string;
    weight: number;
    /** A path of its own, whose pages are served. */ routePath: string;
  }[];
  /** Host profiles that show another variant's content at this path (a variantOverride): no split there. */
  skipProfiles: string[];
}

export const EXPERIMENT_COOKIE_PREFIX = 'ef_exp_';
/** How long a visitor keeps a variant: 90 days. */
export const EXPERIMENT_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;

const landingAt = (bundle: Pick<ConfigBundle, 'landings'>, path: string): LandingFile | undefined =>
  bundle.landings.find((l) => l.landing.paths.includes(path));

/** The landing of a variant key: of the path's programme first (default and terms repeat per programme). */
function landingOf(
  bundle: Pick<ConfigBundle, 'landings'>,
  key: string,
  programme: string | undefined,
): LandingFile | undefined {
  return (
    bundle.landings.find((l) => l.landing.variantKey === key && l.landing.programme === programme) ??
    bundle.landings.find((l) => l.landing.variantKey === key)
  );
}

export interface ExperimentProblem {
  /** JSON pointer in site.json. */
  pointer: string;
  message: string;
}

/** What is wrong with the experiments of site.json (an empty list when nothing is). */
export function experimentProblems(bundle: Pick<ConfigBundle, 'site' | 'landings'>): ExperimentProblem[] {
  const problems: ExperimentProblem[] = [];
  const experiments = bundle.site.experiments ?? [];
  experiments.forEach((experiment, i) => {
    const at = `/experiments/${i}`;
    const add = (pointer: string, message: string) =>
      void problems.push({ pointer: `${at}${pointer}`, message });
    if (experiments.findIndex((e) => e.id === experiment.id) < i)
      add('/id', `experiment id "${experiment.id}" is used twice`);
    if (experiments.findIndex((e) => e.path === experiment.path) < i)
      add('/path', `path "${experiment.path}" is split by two experiments`);
    const owner = landingAt(bundle, experiment.path);
    if (!owner) add('/path', `path "${experiment.path}" is not a landing page's path`);
    const programme = owner?.landing.programme;
    const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
    if (total !== 100) add('/variants', `the weights add up to ${total}, not 100`);
    experiment.variants.forEach((variant, j) => {
      const pointer = `/variants/${j}/variantKey`;
      const key = variant.variantKey;
      if (experiment.variants.findIndex((v) => v.variantKey === key) < j)
        return add(pointer, `variant "${key}" is listed twice`);
      const landing = landingOf(bundle, key, programme);
      if (!landing)
        return add(pointer, `variant "${key}" is not a landing variant (no landing has that variantKey)`);
      if (programme !== undefined && landing.landing.programme !== programme)
        add(
          pointer,
          `variant "${key}" is a page of programme ${landing.landing.programme}, but ${experiment.path} is a page of ${programme}: an experiment's variants share one programme`,
        );
    });
    if (owner && !experiment.variants.some((v) => v.variantKey === owner.landing.variantKey))
      add(
        '/variants',
        `the page at ${experiment.path} (variant "${owner.landing.variantKey}") must be one of the variants: it is the default that search engines see`,
      );
  });
  return problems;
}

/** The experiments resolved for the site index (the config is valid: experimentProblems is empty). */
export function indexedExperiments(
  bundle: Pick<ConfigBundle, 'site' | 'landings' | 'hosts'>,
  overridden: (profileId: string, landing: LandingFile) => boolean,
): IndexedExperiment[] {
  return (bundle.site.experiments ?? []).flatMap((experiment: Experiment) => {
    const owner = landingAt(bundle, experiment.path);
    if (!owner) return [];
    const variants = experiment.variants.flatMap(({ variantKey, weight }) => {
      const landing = landingOf(bundle, variantKey, owner.landing.programme);
      // The page's own path for its own variant; another variant's first path (its prerendered pages).
      const routePath = landing === owner ? experiment.path : landing?.landing.paths[0];
      return routePath ? [{ variantKey, weight, routePath }] : [];
    });
    return [
      {
        id: experiment.id,
        path: experiment.path,
        defaultVariant: owner.landing.variantKey,
        variants,
        skipProfiles: bundle.hosts.profiles.filter((p) => overridden(p.id, owner)).map((p) => p.id),
      },
    ];
  });
}

/**
 * Search engines and link previews (chat apps, social networks) see the default: the page that
 * owns the path is the one indexed and previewed, and they would skew the split. isbot keeps the
 * list of their user agents; a request with none is counted with them.
 */
export function isBotOrPreview(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  return parseCookie(cookieHeader ?? '')[name];
}

/** The funnel's anonymous visitor id (decision 029), minted by the server when a split path is
 * served to a browser without one; not HttpOnly: the page's funnel script reads it as its own id. */
export const VISITOR_COOKIE = 'ef_vid';
/** A visitor id as the funnel accepts it (schemas/api/funnel-events: 16 to 64 letters, digits, - and _). */
export const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** FNV-1a, 32 bits (Fowler–Noll–Vo), over the string's UTF-16 code units as GrowthBook's SDK does. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Where a visitor falls in [0, 1) for an experiment: GrowthBook's hash version 2 (the FNV-1a of the
 * decimal FNV-1a of `seed + value`, modulo 10,000), with `${experimentId}:` as the seed. Deterministic
 * and sticky: the same visitor lands in the same place on every server, with no stored state.
 */
export function bucketOf(experimentId: string, visitorId: string): number {
  return (fnv1a32(String(fnv1a32(`${experimentId}:${visitorId}`))) % 10_000) / 10_000;
}

/** The arm a bucket in [0, 1) falls in, by the arms' weights in order. */
export function armAt<T extends { weight: number }>(arms: readonly T[], bucket: number): T | undefined {
  const total = arms.reduce((sum, v) => sum + v.weight, 0);
  let draw = bucket * total;
  return arms.find((v) => (draw -= v.weight) < 0) ?? arms[arms.length - 1];
}

export interface VariantChoice {
  variantKey: string;
  routePath: string;
  /** Set-Cookie values to send: the variant on a first visit, the visitor id when it was minted. */
  setCookies: string[];
  /** The visitor the split assigned (a browser, not a bot or preview): the server records it once. */
  exposure?: { visitor: string; variantKey: string };
}

/**
 * The variant this request is shown: a bot's or preview's is the default (no cookie, no exposure);
 * a returning visitor's is the one their `ef_exp_<id>` cookie names while the experiment still has
 * it; otherwise the arm the hash of the experiment and the visitor id falls in. The visitor id is
 * the `ef_vid` cookie, or `newVisitorId()` given back as that cookie.
 */
export function chooseVariant(
  experiment: IndexedExperiment,
  request: { cookieHeader?: string; userAgent?: string; newVisitorId: () => string; secure?: boolean },
): VariantChoice {
  const byKey = (key: string | undefined) => experiment.variants.find((v) => v.variantKey === key);
  const fallback = byKey(experiment.defaultVariant) ?? {
    variantKey: experiment.defaultVariant,
    routePath: experiment.path,
  };
  if (isBotOrPreview(request.userAgent))
    return { variantKey: fallback.variantKey, routePath: fallback.routePath, setCookies: [] };
  const attributes = (maxAge: number) =>
    `Path=/; Max-Age=${maxAge}; SameSite=Lax${request.secure ? '; Secure' : ''}`;
  const setCookies: string[] = [];
  const given = cookieValue(request.cookieHeader, VISITOR_COOKIE);
  let visitor = given !== undefined && VISITOR_ID.test(given) ? given : undefined;
  if (!visitor) {
    visitor = request.newVisitorId();
    setCookies.push(`${VISITOR_COOKIE}=${visitor}; ${attributes(VISITOR_COOKIE_MAX_AGE_S)}`);
  }
  const name = `${EXPERIMENT_COOKIE_PREFIX}${experiment.id}`;
  const kept = byKey(cookieValue(request.cookieHeader, name));
  const chosen = kept ?? armAt(experiment.variants, bucketOf(experiment.id, visitor)) ?? fallback;
  if (!kept)
    setCookies.push(`${name}=${chosen.variantKey}; ${attributes(EXPERIMENT_COOKIE_MAX_AGE_S)}; HttpOnly`);
  return {
    variantKey: chosen.variantKey,
    routePath: chosen.routePath,
    setCookies,
    exposure: { visitor, variantKey: chosen.variantKey },
  };
}
