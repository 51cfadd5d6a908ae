// The dashboard page's first read, asked by the inline script of its head
// (src/engine/early-reads-script.ts, decision 035) with the headers the app's client would send:
// the client (client.ts) takes each answer once in place of asking again. A read nobody takes is
// simply never used.
import { EARLY_READS_GLOBAL } from '../engine/early-reads-script';

const keyOf = (path: string, headers: Record<string, string>) =>
  [path, headers.authorization, headers['accept-language']].join('\n');

/** The early answer to this very request, once; undefined when there is none. */
export function takeEarlyRead(path: string, headers: Record<string, string>): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const started = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[
    EARLY_READS_GLOBAL
  ];
  const key = keyOf(path, headers);
  const response = started?.[key];
  if (started) Reflect.deleteProperty(started, key);
  return response;
}
