// The result message is HTML (part 1 §3): the server applies the one sanitising rule the browser
// applies too (src/domain/safe-html-rule.ts), by DOMPurify over a jsdom window. Not linkedom:
// it has no document.implementation (DOMPurify then reports itself unsupported and returns its
// input unchanged) and its parser is not the HTML standard's, so it would not read a payload as
// the browser does. The server does not know the host a page is on, so only a site path counts
// as its own origin here; the browser sanitises again with its real origin.
import { createSanitizer } from '../../../src/domain/safe-html-rule';

let sanitizer: Promise<ReturnType<typeof createSanitizer>> | undefined;

// jsdom takes about a second to load: only a request that sends a result message waits for it.
const load = async () => {
  const { JSDOM } = await import('jsdom');
  return createSanitizer(new JSDOM('').window);
};

/** `origin` only where the caller knows the page's own origin (a test comparing with the browser). */
export async function sanitizeHtml(html: string, origin?: string): Promise<string> {
  sanitizer ??= load();
  return (await sanitizer)(html, origin);
}
