// Server-provided HTML (FAQ answers, the result message) is sanitised with DOMPurify before it is
// shown: formatting, headings and links only; no script, handler, style, frame or javascript: link.
import DOMPurify from 'dompurify';

const TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'];

export const safeHtml = (html: string): string =>
  DOMPurify.sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ['href'] });
