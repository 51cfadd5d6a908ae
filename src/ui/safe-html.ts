// Server-provided HTML (FAQ answers, the result message) is sanitised with DOMPurify before it is
// shown: formatting, headings and links; no script, handler, style, object or javascript: link.
// An answer may hold a video or a PDF link (part 2 §2 "FAQ accordion"), but only from the site's
// own origin: media from anywhere else stays stripped (the CSP's default-src allows the same
// origin, so a kept video also plays). No frame at all, even of the own origin: every page of the
// site refuses to be framed (frame-ancestors 'none'), so a frame could only show a blank box.
import DOMPurify from 'dompurify';

const TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'];
const MEDIA_TAGS = ['video', 'source'];
const ATTRIBUTES = ['href', 'src', 'poster', 'type', 'controls'];
/** Elements kept only when their src (and poster) are on the page's own origin. */
const SAME_ORIGIN_ONLY = new Set(['VIDEO', 'SOURCE']);

/** The URL on `origin`, or undefined when it names another origin or another scheme. */
function ownUrl(value: string, origin: string): URL | undefined {
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url : undefined;
  } catch {
    return undefined;
  }
}

const isPdf = (href: string, origin: string): boolean => {
  try {
    return new URL(href, origin).pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
};

/**
 * Sanitises server-provided HTML. `origin` is the site's own origin (the page's, by default): a
 * video or a PDF link must come from it.
 */
export function safeHtml(html: string, origin: string = globalThis.location?.origin ?? ''): string {
  const checkMedia = (node: Element) => {
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
      if (href !== null && isPdf(href, origin) && !ownUrl(href, origin)) node.removeAttribute('href');
    }
    for (const name of ['src', 'poster', 'controls', 'type'])
      if (node.hasAttribute(name) && !SAME_ORIGIN_ONLY.has(node.nodeName)) node.removeAttribute(name);
  };
  DOMPurify.addHook('afterSanitizeAttributes', checkMedia);
  try {
    return DOMPurify.sanitize(html, {
      ALLOWED_TAGS: [...TAGS, ...MEDIA_TAGS],
      ALLOWED_ATTR: ATTRIBUTES,
    });
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', checkMedia);
  }
}
