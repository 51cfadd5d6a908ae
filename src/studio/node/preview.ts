// The Studio's live preview: a draft landing (or a landing of a draft programme) rendered by the
// site's own renderer (src/app/render-site.tsx renderRoute), as the dev server would serve it once
// published. A draft with problems is still shown when it can be (an empty title renders), so the
// preview follows the user's typing; only a draft the renderer cannot draw gives no HTML.
import type * as RenderSite from '../../app/render-site';
import type { PageAssets } from '../../app/document';
import type { ConfigBundle, LandingFile } from '../../engine/config-bundle';
import { defaultProfile, landingForProfile, resolveProfile, type HostProfile } from '../../engine/hosts';
import type { Route } from '../../engine/routes';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { validateConfig, type CheckedFiles, type Problem } from '../../engine/node/validate-config';
import { validateWithDrafts, type Draft } from './draft-validation';

export type RenderModule = Pick<typeof RenderSite, 'renderRoute'>;

export interface PreviewRequest extends Draft {
  /** Host name to render for; default the first host that serves the landing as itself. */
  host?: string;
  /** For a programme draft: which of its landings to show (config path); default its first. */
  landing?: string;
}

export interface PreviewResult {
  html: string;
  problems: Problem[];
  /** The page's path and the host it was rendered for (empty when nothing was rendered). */
  pagePath: string;
  host: string;
  /** How long validating the draft and rendering the page took, in ms. */
  timings: { validate: number; render: number };
}

export interface PreviewDeps {
  configDir: string;
  publicDir?: string;
  /** The files earlier validations checked (the file API keeps one for all its validations). */
  checked?: CheckedFiles;
  render: RenderModule;
  assets: PageAssets;
}

/**
 * The profiles that show this landing's own content at its paths (paths are the same on every
 * host; a profile's variantOverride may show another variant there), its programme's own first.
 */
function profilesServing(
  bundle: Pick<ConfigBundle, 'hosts' | 'landings'>,
  landing: LandingFile,
): HostProfile[] {
  // landingForProfile reads only the bundle's landings.
  const serving = bundle.hosts.profiles.filter(
    (p) => landingForProfile(bundle as ConfigBundle, landing, p) === landing,
  );
  const own = (p: HostProfile) => (p.programme === landing.landing.programme ? 0 : 1);
  return [...serving].sort((a, b) => own(a) - own(b));
}

/** The host names that show this landing's own content, its programme's hosts first. */
export function hostsServing(
  bundle: Pick<ConfigBundle, 'hosts' | 'landings'>,
  landing: LandingFile,
): string[] {
  return [...new Set(profilesServing(bundle, landing).flatMap((p) => p.hosts))];
}

function profileFor(bundle: ConfigBundle, landing: LandingFile, host: string | undefined): HostProfile {
  if (host) return resolveProfile(bundle.hosts, host);
  return profilesServing(bundle, landing)[0] ?? defaultProfile(bundle.hosts);
}

/** The published bundle with the draft in place: used when the draft itself does not validate. */
function withDraft(published: ConfigBundle, draft: Draft): ConfigBundle {
  if (draft.path.startsWith('programmes/')) {
    const programme = draft.content as Programme;
    return { ...published, programmes: { ...published.programmes, [programme.id]: programme } };
  }
  const landings = published.landings.filter((l) => l.file !== draft.path);
  return { ...published, landings: [...landings, { file: draft.path, landing: draft.content as Landing }] };
}

const nothing = (problems: Problem[], validate: number, message?: string): PreviewResult => ({
  html: '',
  problems: message ? [...problems, { file: '', pointer: '', message }] : problems,
  pagePath: '',
  host: '',
  timings: { validate, render: 0 },
});

export function renderPreview(request: PreviewRequest, deps: PreviewDeps): PreviewResult {
  const options = {
    ...(deps.publicDir ? { publicDir: deps.publicDir } : {}),
    ...(deps.checked ? { checked: deps.checked } : {}),
  };
  const started = performance.now();
  const checked = validateWithDrafts(deps.configDir, [request], options);
  let bundle = checked.bundle;
  if (!bundle) {
    const published = validateConfig(deps.configDir, options).bundle;
    if (!published)
      return nothing(
        checked.problems,
        performance.now() - started,
        'The published config has problems of its own.',
      );
    bundle = withDraft(published, request);
  }
  const validated = performance.now();
  const validate = validated - started;
  let landing: LandingFile | undefined;
  if (request.path.startsWith('programmes/')) {
    const id = (request.content as Partial<Programme> | null)?.id;
    const own = bundle.landings.filter((l) => l.landing.programme === id);
    landing = own.find((l) => l.file === request.landing) ?? own[0];
  } else {
    landing = bundle.landings.find((l) => l.file === request.path);
  }
  const pagePath = landing?.landing.paths?.[0];
  if (!landing || typeof pagePath !== 'string')
    return nothing(checked.problems, validate, 'There is no page to show yet.');
  // The route itself, not the route table's: a path another variant holds would show that variant.
  const route: Route = { path: pagePath, kind: 'landing', landing, tokenRule: landing.landing.tokenRule };
  try {
    const profile = profileFor(bundle, landing, request.host);
    const html = deps.render.renderRoute(bundle, route, profile, deps.assets);
    return {
      html,
      problems: checked.problems,
      pagePath,
      host: request.host ?? profile.hosts[0] ?? 'localhost',
      timings: { validate, render: performance.now() - validated },
    };
  } catch (error) {
    return nothing(checked.problems, validate, `The page cannot be drawn yet: ${(error as Error).message}`);
  }
}
