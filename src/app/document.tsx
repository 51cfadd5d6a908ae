import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AFTER_PAINT_ATTRIBUTE, AFTER_PAINT_LOADER } from '../engine/after-paint';
import {
  EARLY_READS_AT_ATTRIBUTE,
  EARLY_READS_ATTRIBUTE,
  EARLY_READS_SCRIPT,
} from '../engine/early-reads-script';

export interface PageAssets {
  /** Stylesheets, render-blocking, in the head. */
  css: string[];
  /** Module scripts (deferred by nature). */
  js: string[];
  /** Modules the scripts import, preloaded. */
  preload: string[];
  /** The funnel's reporter (src/app/entries/funnel.ts): loaded by a page with `funnel` only. None
   *  in the Studio's preview, which reports nothing. */
  funnelJs?: string[];
}

export interface DocumentProps {
  lang: string;
  title: string;
  description?: string;
  assets: PageAssets;
  body: ReactElement;
  /** Robots directive for pages that should not be indexed (404, private screens). */
  noindex?: boolean;
  /** site.flags.blockDevtoolsShortcuts: read by the page script. */
  blockDevtools?: boolean;
  /** A landing variant that reports its funnel, when the assets have the reporter (which reads it),
   *  with the landing's config version when it has one (decision 049). */
  funnel?: { programme: string; variant: string; version?: number | undefined };
  /** The page is whole without its scripts: they load after its first paint (../engine/after-paint.ts). */
  scriptsAfterPaint?: boolean;
  /** API reads to start as the head is parsed, on these page paths, when a session is stored
   *  (../engine/early-reads-script.ts): the logged-in portal's first screen. */
  earlyReads?: { paths: readonly string[]; at: readonly string[] };
}

/** A whole HTML page as a string: the prerenderer writes it, the dev server sends it. */
export function renderDocument({
  lang,
  title,
  description,
  assets,
  body,
  noindex,
  blockDevtools,
  funnel,
  scriptsAfterPaint,
  earlyReads,
}: DocumentProps): string {
  const reported = funnel && assets.funnelJs?.length ? funnel : undefined;
  const js = reported ? [...assets.js, ...(assets.funnelJs ?? [])] : assets.js;
  const html = renderToStaticMarkup(
    <html
      lang={lang}
      data-block-devtools={blockDevtools ? '' : undefined}
      data-funnel-programme={reported?.programme}
      data-funnel-variant={reported?.variant}
      data-funnel-version={reported?.version}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {earlyReads ? (
          <script
            {...{
              [EARLY_READS_ATTRIBUTE]: earlyReads.paths.join(' '),
              [EARLY_READS_AT_ATTRIBUTE]: earlyReads.at.join(' '),
            }}
            dangerouslySetInnerHTML={{ __html: EARLY_READS_SCRIPT }}
          />
        ) : null}
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="theme-color" content="#0b3d91" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {scriptsAfterPaint ? (
          <script
            {...{ [AFTER_PAINT_ATTRIBUTE]: js.join(' ') }}
            dangerouslySetInnerHTML={{ __html: AFTER_PAINT_LOADER }}
          />
        ) : (
          js.map((src) => <script key={src} type="module" src={src} />)
        )}
      </head>
      <body>{body}</body>
    </html>,
  );
  return `<!doctype html>${html}`;
}
