// Reads a page starts before its app's script has arrived. The logged-in portal's first screen
// needs three answers (who is logged in, the profile, the dashboard); asked by the app, they wait
// for its ~130 KB of script to download and run first. The page script (entries/page.ts) asks for
// them as soon as it runs, with the same headers, and the client (client.ts) takes each answer once
// in place of asking again. A read nobody takes is simply never used.
import { storedToken } from '../app/session-token';
import { requestHeaders } from './request-headers';

const started = new Map<string, Promise<Response>>();

const keyOf = (path: string, headers: Record<string, string>) =>
  [path, headers.authorization, headers['accept-language']].join('\n');

/** Starts a GET of each path for the session `token`. */
export function startEarlyReads(paths: readonly string[], token: string): void {
  for (const path of paths) {
    const headers = requestHeaders({ token }, false);
    const response = fetch(path, { method: 'GET', headers, credentials: 'same-origin' });
    // Not reaching the server is the app's to report when it takes the read; never unhandled here.
    response.catch(() => undefined);
    started.set(keyOf(path, headers), response);
  }
}

/** The early answer to this very request, once; undefined when there is none. */
export function takeEarlyRead(path: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = keyOf(path, headers);
  const response = started.get(key);
  started.delete(key);
  return response;
}

/**
 * Starts the reads an island's prerendered element names (data-early-reads, on the paths of
 * data-early-reads-at) when this browser holds a session: the portal shell's first screen.
 */
export function startReadsOf(element: HTMLElement, token = storedToken()): void {
  const { earlyReads, earlyReadsAt } = element.dataset;
  if (!token || !earlyReads || !earlyReadsAt?.split(' ').includes(window.location.pathname)) return;
  startEarlyReads(earlyReads.split(' '), token);
}
