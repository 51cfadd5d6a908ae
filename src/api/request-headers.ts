// The headers of every API call (client.ts). The dashboard page's inline script
// (src/engine/early-reads-script.ts) builds the same for its first read; early-reads.test.ts checks
// the two agree.

/** The page's locale (its <html lang>), or undefined outside a browser page. */
export function pageLocale(): string | undefined {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang || undefined;
}

export interface HeaderOptions {
  /** The session token; sent as Authorization: Bearer. */
  token?: string;
  headers?: Record<string, string>;
  /** The language the server words its messages in; by default the page's <html lang>. */
  locale?: string;
}

export function requestHeaders(options: HeaderOptions, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // The API answers its messages in this language (server/api/messages.ts).
  const locale = options.locale ?? pageLocale();
  if (locale && !headers['accept-language']) headers['accept-language'] = locale;
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}
