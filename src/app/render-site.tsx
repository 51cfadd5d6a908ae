// Renders every route for every host profile to static HTML. Pages whose HTML is the same on
// every host are written once; the index tells the server which file to send for (path, host).
import type { ReactElement } from 'react';
import type { ConfigBundle } from '../engine/config-bundle';
import { indexedExperiments, type IndexedExperiment } from '../engine/experiments';
import { defaultProfile, landingForProfile, overriddenVariant, type HostProfile } from '../engine/hosts';
import { createTranslator, type Translate } from '../engine/i18n';
import { buildRoutes, type Route, type ScreenName } from '../engine/routes';
import type { SiteIndex } from '../engine/site-index';
import type { Landing } from '../generated/config/landing';
import type { UiStringTable } from '../generated/config/i18n';
import type { Programme } from '../generated/config/programme';
import { LoginScreen } from '../features/login/login-screen';
import type { BlockContext } from '../features/landing/block-context';
import { prerenderRegistrationCard } from './prerender-islands';
import { renderBlock } from '../features/landing/block-renderer';
import { isShown } from '../features/landing/page-heading';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { RecoveryScreen } from '../features/recovery/recovery-screen';
import { renderDocument, type PageAssets } from './document';
import { DashboardSkeleton } from '../features/dashboard/dashboard-skeleton';
import type { PortalIslandProps } from './islands/portal';
import type { ResultIslandProps } from './islands/result';
import { ResultScreen } from '../features/result/result-screen';
import { RESULT_STRING_PREFIX } from '../features/result/result-model';
import { PORTAL_FIRST_READS } from './portal/first-reads';

export interface RenderedSite {
  index: SiteIndex;
  /** File name (relative to the pages folder) → HTML. */
  pages: Map<string, string>;
}

function programmeOf(bundle: ConfigBundle, id: string): Programme {
  const programme = bundle.programmes[id];
  if (!programme) throw new Error(`No programme "${id}"`);
  return programme;
}

function stringsFor(bundle: ConfigBundle, locale: Landing['locale']): UiStringTable {
  const strings = bundle.strings[locale] ?? bundle.strings[bundle.site.defaultLocale];
  if (!strings) throw new Error(`No UI strings for locale "${locale}"`);
  return strings;
}

/** Screens are framed by the same header and footer blocks as landing pages. */
function ScreenPage({ context, children }: { context: BlockContext; children: ReactElement }) {
  return (
    <>
      <a className="ef-skip-link" href="#main">
        {context.t('skipToContent')}
      </a>
      {context.landing.blocks.filter((b) => b.type === 'header').map((b, i) => renderBlock(b, context, i))}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {context.landing.blocks.filter((b) => b.type === 'footer').map((b, i) => renderBlock(b, context, i))}
    </>
  );
}

const toastSettings = ({ site }: ConfigBundle) => ({
  durationMs: site.toast.durationMs,
  warnDurationMs: site.toast.warnDurationMs,
});

/** The strings the logged-in app uses: its own namespaces, the form theme's and a few shared keys. */
const PORTAL_PREFIXES = [
  'portal.',
  'editExam.',
  'mockJee.',
  'testLaunch.',
  'carousel.',
  'form.',
  'picker.',
  'validation.',
  'ui.',
  'course.',
  'result.',
  // Back from the gateway: the dashboard's "being confirmed" banner (decision 030).
  'payment.',
];
const PORTAL_KEYS = ['faq.heading', 'dashboard.heading'];

/** The parts of a programme's config the logged-in app reads (PortalConfig['programme']). */
const PORTAL_PROGRAMME = [
  'id',
  'examType',
  'name',
  'shortName',
  'dashboard',
  'support',
  'analytics',
  'schedule',
  'windows',
  'mode',
  'fee',
  'scholarship',
] as const satisfies readonly (keyof Programme)[];

function portalProps(bundle: ConfigBundle, programme: Programme, strings: UiStringTable): PortalIslandProps {
  const { site } = bundle;
  const samplePack = programmeOf(bundle, site.commerce.samplePackProgramme);
  return {
    config: {
      programme: Object.fromEntries(PORTAL_PROGRAMME.map((key) => [key, programme[key]])) as Pick<
        Programme,
        (typeof PORTAL_PROGRAMME)[number]
      >,
      site: { support: site.support, admissionsFaq: site.admissionsFaq, brand: site.brand },
      samplePack: { fee: samplePack.fee, payment: samplePack.payment },
      loginPath: site.screens.login.paths.at(-1) ?? '/',
      courseReturnType: site.commerce.courseReturnType,
      locale: site.defaultLocale,
    },
    strings: Object.fromEntries(
      Object.entries(strings).filter(
        ([key]) => PORTAL_KEYS.includes(key) || PORTAL_PREFIXES.some((prefix) => key.startsWith(prefix)),
      ),
    ),
    toast: toastSettings(bundle),
    resultPage: { paths: site.screens.result.paths, config: site.resultPage },
  };
}

/** The /iacst-result page's island props: the result view's config and strings only. */
function resultProps(bundle: ConfigBundle, programme: Programme, strings: UiStringTable): ResultIslandProps {
  return {
    config: {
      programme: { shortName: programme.shortName, support: programme.support },
      resultPage: bundle.site.resultPage,
    },
    strings: Object.fromEntries(
      Object.entries(strings).filter(([key]) => key.startsWith(RESULT_STRING_PREFIX)),
    ),
  };
}

/** The logged-in app's shell: a skeleton in the HTML, so the page is not blank while its script loads. */
function PortalShell({ props, t }: { props: PortalIslandProps; t: Translate }) {
  return (
    <div className="ef-container ef-portal" data-island="portal" data-island-props={JSON.stringify(props)}>
      <DashboardSkeleton t={t} />
    </div>
  );
}

function screenBody(
  screen: ScreenName,
  bundle: ConfigBundle,
  profile: HostProfile,
  programme: Programme,
  t: Translate,
  strings: UiStringTable,
): ReactElement {
  const { screens, brand } = bundle.site;
  const first = (name: ScreenName): string => screens[name].paths[0] ?? '/';
  switch (screen) {
    case 'login':
      return (
        <LoginScreen
          programme={programme}
          registerPath={profile.registerPath}
          recoverPath={first('recover')}
          t={t}
          locale={bundle.site.defaultLocale}
          toast={toastSettings(bundle)}
        />
      );
    case 'notFound':
      return <NotFoundScreen loginPath={first('login')} websiteUrl={brand.websiteUrl} t={t} />;
    case 'recover':
      return <RecoveryScreen loginPath={first('login')} t={t} toast={toastSettings(bundle)} />;
    case 'dashboard':
      return <PortalShell props={portalProps(bundle, programme, strings)} t={t} />;
    case 'result':
      // The loading state is the island's first view, so the page reads the same before its script.
      return (
        <div
          className="ef-container ef-result-shell"
          data-island="result"
          data-island-props={JSON.stringify(resultProps(bundle, programme, strings))}
        >
          <ResultScreen
            state={{ status: 'loading' }}
            config={resultProps(bundle, programme, strings).config}
            t={t}
          />
        </div>
      );
  }
}

/** One page's HTML for one host profile. A missing route renders the 404 screen. */
export function renderRoute(
  bundle: ConfigBundle,
  route: Route | undefined,
  profile: HostProfile,
  assets: PageAssets,
  /** `studioMarks`: the Studio's preview, which names each block's place in the draft. */
  options: { studioMarks?: boolean } = {},
): string {
  if (route?.kind === 'landing') {
    const { landing, file } = landingForProfile(bundle, route.landing, profile);
    const programme = programmeOf(bundle, landing.programme);
    const strings = stringsFor(bundle, landing.locale);
    const context: BlockContext = {
      site: bundle.site,
      programme,
      landing,
      path: route.path,
      programmeVersion: bundle.versions?.[`programmes/${landing.programme}.json`],
      t: createTranslator(strings),
      strings,
      prerenderRegistrationCard,
      ...(options.studioMarks ? { studioMarks: true } : {}),
    };
    return renderDocument({
      lang: landing.locale,
      title: landing.title,
      description: landing.description,
      blockDevtools: bundle.site.flags.blockDevtoolsShortcuts,
      // A page with the registration card is a step of the funnel: it reports its views.
      funnel: landing.blocks.some((b) => b.type === 'registration-card' && isShown(b))
        ? { programme: landing.programme, variant: landing.variantKey, version: bundle.versions?.[file] }
        : undefined,
      scriptsAfterPaint: true,
      assets,
      body: <LandingPage landing={landing} context={context} />,
    });
  }
  const screen: ScreenName = route?.kind === 'screen' ? route.screen : 'notFound';
  const programme = programmeOf(bundle, profile.programme);
  const locale = bundle.site.defaultLocale;
  const strings = stringsFor(bundle, locale);
  const t = createTranslator(strings);
  const title = `${bundle.site.screens[screen].title} | ${programme.shortName} | ${bundle.site.brand.providerName}`;
  const landing: Landing = {
    $schema: '',
    paths: [route?.path ?? '/404'],
    variantKey: screen,
    programme: programme.id,
    locale,
    title,
    description: '',
    blocks: [{ type: 'header' }, { type: 'footer' }],
  };
  const context: BlockContext = {
    site: bundle.site,
    programme,
    landing,
    path: landing.paths[0] ?? '/404',
    t,
    strings,
  };
  return renderDocument({
    lang: locale,
    title,
    description: screen === 'login' ? `${programme.name}: ${programme.login.tagline}` : undefined,
    noindex: screen !== 'login',
    blockDevtools: bundle.site.flags.blockDevtoolsShortcuts,
    // The logged-in portal's first reads go out as its head is parsed (decision 035).
    earlyReads:
      screen === 'dashboard'
        ? { paths: PORTAL_FIRST_READS, at: bundle.site.screens.dashboard.paths }
        : undefined,
    assets,
    body: (
      <ScreenPage context={context}>{screenBody(screen, bundle, profile, programme, t, strings)}</ScreenPage>
    ),
  });
}

/**
 * The experiments, resolved (the site index's, and the dev server's): none on a profile that shows
 * another variant's content at the path.
 */
export function siteExperiments(bundle: ConfigBundle): IndexedExperiment[] {
  return indexedExperiments(bundle, (profileId, landing) => {
    const profile = bundle.hosts.profiles.find((p) => p.id === profileId);
    return profile !== undefined && overriddenVariant(profile, landing.landing) !== undefined;
  });
}

function slug(path: string): string {
  return path === '/' ? 'index' : path.slice(1).replace(/\//g, '--');
}

/** Every route × every profile; identical pages are stored once. */
export function renderSite(bundle: ConfigBundle, assets: PageAssets): RenderedSite {
  const steps = renderSiteInSteps(bundle, assets);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * renderSite, a page at a time: it pauses after each page it renders, so that a server rendering
 * a publish (decision 049) can answer requests in between.
 */
export function* renderSiteInSteps(bundle: ConfigBundle, assets: PageAssets): Generator<void, RenderedSite> {
  const pages = new Map<string, string>();
  const fallback = defaultProfile(bundle.hosts);
  const profiles = [fallback, ...bundle.hosts.profiles.filter((p) => p !== fallback)];
  function* renderAll(name: string, route: Route | undefined): Generator<void, Record<string, string>> {
    const files: Record<string, string> = {};
    const byHtml = new Map<string, string>();
    for (const profile of profiles) {
      const html = renderRoute(bundle, route, profile, assets);
      yield;
      let file = byHtml.get(html);
      if (!file) {
        file = `${name}/${profile.id}.html`;
        byHtml.set(html, file);
        pages.set(file, html);
      }
      files[profile.id] = file;
    }
    return files;
  }
  const routes: RenderedSite['index']['routes'] = [];
  for (const route of buildRoutes(bundle))
    routes.push({
      path: route.path,
      ...(route.tokenRule ? { tokenRule: route.tokenRule } : {}),
      ...(route.kind === 'screen' && route.appPaths ? { appPaths: true } : {}),
      files: yield* renderAll(slug(route.path), route),
    });
  const notFound = yield* renderAll('_not-found', undefined);
  const experiments = siteExperiments(bundle);
  return {
    pages,
    index: {
      hosts: bundle.hosts,
      routes,
      notFound,
      pageJs: [...assets.js, ...assets.preload],
      ...(assets.funnelJs ? { funnelJs: assets.funnelJs } : {}),
      ...(experiments.length ? { experiments } : {}),
    },
  };
}
