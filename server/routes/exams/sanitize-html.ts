// The result message is HTML (part 1 §3): it is reduced on the server to a few formatting tags
// with no attributes, except href on links (http, https, mailto, tel or a site path). Everything
// else is dropped or escaped, so the client may render it as HTML.
const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4']);
const VOID = new Set(['br']);
/** Tags whose content is dropped with them. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);

const escapeText = (text: string): string =>
  text
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const decodeEntities = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_m, hex: string) =>
      String.fromCodePoint(parseInt(hex, 16) % 0x110000),
    )
    .replace(/&#(\d{1,7});?/g, (_m, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&amp;/gi, '&');

function safeHref(raw: string): string | undefined {
  // Browsers ignore control characters and spaces inside a scheme: strip them before checking.
  // eslint-disable-next-line no-control-regex
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value) || /^\/(?!\/)/.test(value) || value.startsWith('#'))
    return value;
  return undefined;
}

function hrefOf(attributes: string): string | undefined {
  const m = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
  const raw = m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
  return raw === undefined ? undefined : safeHref(raw);
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  const token = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;
  for (const m of html.matchAll(token)) {
    const [whole, slash, rawName, attributes = ''] = m;
    if (whole.startsWith('<!--')) continue;
    if (!rawName) {
      if (!dropping) out.push(escapeText(whole));
      continue;
    }
    const name = rawName.toLowerCase();
    if (dropping) {
      if (slash && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!slash && !/\/\s*$/.test(attributes)) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (slash) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop() ?? ''}>`);
      continue;
    }
    if (VOID.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (name === 'a') {
      const href = hrefOf(attributes);
      out.push(href ? `<a href="${escapeText(href)}">` : '<a>');
    } else out.push(`<${name}>`);
    open.push(name);
  }
  while (open.length) out.push(`</${open.pop() ?? ''}>`);
  return out.join('');
}
