// A draft's page, as students would get it once published (decision 049): the draft validated in
// place of its document over the published site, and its landing (or, for a programme, one of its
// landings) drawn by the site's renderer, which the server is given (buildApp's `renderPreview`:
// React stays out of the server). A draft with problems is still drawn when it can be, so the
// preview follows the typing; only one the renderer cannot draw gives no HTML, and says why.
import type { ConfigBundle, LandingFile } from '../../../src/engine/config-bundle';
import {
  defaultProfile,
  landingForProfile,
  resolveProfile,
  type HostProfile,
} from '../../../src/engine/hosts';
import type { Route } from '../../../src/engine/routes';
import type { Landing } from '../../../src/generated/config/landing';
import type { Programme } from '../../../src/generated/config/programme';
import {
  validateConfig,
  withDrafts,
  type CheckedFiles,
  type Problem,
  type ValidationResult,
} from '../../../src/engine/node/validate-config';
import { englishAsPublished, readerOf, readPublished } from './versions';
import type { ContentCtx } from './context';

/** Draws one page of a config: the site's renderer with the page's assets (scripts/lib/studio-preview.ts). */
export type RenderPreview = (page: {
  bundle: ConfigBundle;
  route: Route;
  profile: HostProfile;
  /** Whether the page loads its scripts: not on a preview link's page, which is read-only (no
   *  registration card comes alive there). A preview never loads the funnel's reporter. */
  scripts: boolean;
  /** The Studio editor's own preview: each block names its place in the draft (its outline and
   *  in-place editing find blocks by it); never on a preview link's page or a live one. */
  marks?: boolean;
}) => Promise<string>;

export interface Draft {
  /** The document's path (landings/x.json). */
  path: string;
  /** Its JSON as the Studio edits it. */
  content: unknown;
}

/** The text a draft is kept as: 2-space JSON and a final newline, like the files in config/. */
export function draftText(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

/** The published site with these drafts in place (or added), validated as `npm run validate:config` does. */
export async function validateWithDrafts(
  { db }: ContentCtx,
  drafts: readonly Draft[],
  checked?: CheckedFiles,
): Promise<ValidationResult & { published: ConfigBundle | undefined }> {
  const { texts, images } = await readPublished(db);
  const overlay = new Map(drafts.map((d) => [d.path, draftText(d.content)]));
  const options = { images, ...(checked ? { checked } : {}) };
  const english = englishAsPublished(texts);
  const result = validateConfig(withDrafts(readerOf(texts), overlay), {
    ...options,
    ...(english ? { englishAsPublished: english } : {}),
  });
  const published = result.bundle ? undefined : validateConfig(readerOf(texts), options).bundle;
  return { ...result, published };
}

/** The profiles that show this landing's own content at its paths, its programme's own first. */
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

/** The published bundle with the draft in place: used when the draft itself does not validate. */
function withDraft(published: ConfigBundle, draft: Draft): ConfigBundle {
  if (draft.path.startsWith('programmes/')) {
    const programme = draft.content as Programme;
    return { ...published, programmes: { ...published.programmes, [programme.id]: programme } };
  }
  const landings = published.landings.filter((l) => l.file !== draft.path);
  return { ...published, landings: [...landings, { file: draft.path, landing: draft.content as Landing }] };
}

export interface PreviewRequest extends Draft {
  /** Host name to render for; default the first host that serves the landing as itself. */
  host?: string;
  /** For a programme draft: which of its landings to show (its path); default its first. */
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

const nothing = (problems: Problem[], validate: number, message?: string): PreviewResult => ({
  html: '',
  problems: message ? [...problems, { file: '', pointer: '', message }] : problems,
  pagePath: '',
  host: '',
  timings: { validate, render: 0 },
});

export async function previewDraft(
  { db }: ContentCtx,
  request: PreviewRequest,
  deps: { render: RenderPreview; checked?: CheckedFiles; scripts?: boolean; marks?: boolean },
): Promise<PreviewResult> {
  const started = performance.now();
  const checked = await validateWithDrafts({ db }, [request], deps.checked);
  let bundle = checked.bundle;
  if (!bundle) {
    if (!checked.published)
      return nothing(
        checked.problems,
        performance.now() - started,
        'The published site has problems of its own.',
      );
    bundle = withDraft(checked.published, request);
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
    const profile = request.host
      ? resolveProfile(bundle.hosts, request.host)
      : (profilesServing(bundle, landing)[0] ?? defaultProfile(bundle.hosts));
    const html = await deps.render({
      bundle,
      route,
      profile,
      scripts: deps.scripts ?? true,
      ...(deps.marks ? { marks: true } : {}),
    });
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
