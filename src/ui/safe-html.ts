// Server-provided HTML is sanitised in the browser with the rule the server also applies
// (src/domain/safe-html-rule.ts), over the page's own window and origin.
import { createSanitizer } from '../domain/safe-html-rule';

let sanitize: ReturnType<typeof createSanitizer> | undefined;

/**
 * Sanitises server-provided HTML. `origin` is the site's own origin (the page's, by default): a
 * video or a PDF link must come from it.
 */
export function safeHtml(html: string, origin: string = globalThis.location?.origin ?? ''): string {
  // Made on first use: a module that imports this one may load where there is no window yet.
  sanitize ??= createSanitizer(window);
  return sanitize(html, origin);
}
