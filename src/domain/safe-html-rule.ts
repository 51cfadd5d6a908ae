// The one rule for HTML the pages show (the result message, the FAQ answers), run by DOMPurify
// over a window: the browser's for the server's HTML (src/ui/safe-html.ts), a jsdom window on the
// server (server/services/exams/sanitize-html.ts) and in config validation, which refuses a
// config FAQ answer the rule would change (src/engine/node/config-html.ts), so the dashboard shows
// those as they are. Formatting, headings and links; no script, handler, style, object or
// javascript: link. A link's address is http(s), mailto, tel, a site path or a fragment.
// An answer may hold a video or a PDF link (part 2 §2 "FAQ accordion"), but only from the site's
// own origin: media from anywhere else stays stripped (the CSP's default-src allows the same
// origin, so a kept video also plays). No frame at all, even of the own origin: every page of the
// site refuses to be framed (frame-ancestors 'none'), so a frame could only show a blank box.
import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

const TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'];
const MEDIA_TAGS = ['video', 'source'];
const ATTRIBUTES = ['href', 'src', 'poster', 'type', 'controls'];
/** Elements kept only when their src (and poster) are on the site's own origin. */
const SAME_ORIGIN_ONLY = new Set(['VIDEO', 'SOURCE']);
/** A link's address: another site over http(s), mail, phone, a site path (never `//` or `/\`), a fragment. */
const LINK = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i;
// Browsers ignore control characters and spaces inside an address: strip them before checking.
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;
/** Stands for the own origin where the caller does not know it: only a site path resolves to it. */
const UNKNOWN_ORIGIN = 'https://own-origin.invalid';

export const SAFE_HTML_CONFIG = {
  ALLOWED_TAGS: [...TAGS, ...MEDIA_TAGS],
  ALLOWED_ATTR: ATTRIBUTES,
} satisfies Config;

/**
 * The URL on `origin`, or undefined when it names another origin or another scheme. Without an
 * origin (the server serves many hosts and does not know which one the page is on) only a site
 * path counts as the own origin.
 */
function ownUrl(value: string, origin: string | undefined): URL | undefined {
  const address = value.replace(IGNORED_IN_URL, '');
  if (origin === undefined && !/^\/(?![/\\])/.test(address)) return undefined;
  const base = origin ?? UNKNOWN_ORIGIN;
  try {
    const url = new URL(address, base);
    return url.origin === base ? url : undefined;
  } catch {
    return undefined;
  }
}

const isPdf = (href: string): boolean => {
  try {
    return new URL(href.replace(IGNORED_IN_URL, ''), UNKNOWN_ORIGIN).pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
};

/**
 * Why the rule removes a link's address, or undefined when it keeps it: `scheme` for an address
 * that is none of those above (javascript:, a bare www.…), `pdf-elsewhere` for a PDF on another
 * origin. The Studio's link button asks it before it adds a link.
 */
export function linkRefusal(href: string, origin?: string): 'scheme' | 'pdf-elsewhere' | undefined {
  const address = href.replace(IGNORED_IN_URL, '');
  if (!LINK.test(address)) return 'scheme';
  return isPdf(address) && !ownUrl(address, origin) ? 'pdf-elsewhere' : undefined;
}

/** Applies the media and link rules to one element DOMPurify kept. */
function checkElement(node: Element, origin: string | undefined): void {
  if (SAME_ORIGIN_ONLY.has(node.nodeName)) {
    const src = node.getAttribute('src');
    // A <video> may carry its address on a <source> child instead of src.
    const srcOk = src === null ? node.nodeName === 'VIDEO' : ownUrl(src, origin) !== undefined;
    const poster = node.getAttribute('poster');
    if (!srcOk || (poster !== null && !ownUrl(poster, origin))) node.remove();
    else if (node.nodeName === 'VIDEO') node.setAttribute('controls', '');
    return;
  }
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && linkRefusal(href, origin)) node.removeAttribute('href');
  }
  for (const name of ['src', 'poster', 'controls', 'type'])
    if (node.hasAttribute(name)) node.removeAttribute(name);
}

/**
 * A sanitiser over `window` (the browser's, or a server-side DOM's). `origin` is the site's own
 * origin: a video or a PDF link must come from it.
 */
export function createSanitizer(window: WindowLike): (html: string, origin?: string) => string {
  const purify = createDOMPurify(window);
  // DOMPurify returns its input unchanged over a DOM it cannot use: refuse that DOM instead.
  if (!purify.isSupported) throw new Error('DOMPurify cannot run over this window');
  return (html, origin) => {
    const check = (node: Element) => checkElement(node, origin);
    purify.addHook('afterSanitizeAttributes', check);
    try {
      return purify.sanitize(html, SAFE_HTML_CONFIG);
    } finally {
      purify.removeHook('afterSanitizeAttributes', check);
    }
  };
}
