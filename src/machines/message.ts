// One message model (DESIGN.md): a machine stores what to say as a key of the page's strings, plus
// the server's own text where the server answered with one; the view translates in its locale.
import type { StringKey } from '../engine/i18n';
import { serverMessage } from './server-error';

export interface Message<K extends StringKey = StringKey> {
  key: K;
  /** The server's own text (already in the page's locale): shown instead of the key's string. */
  server?: string;
}

/** A message of the page's strings. */
export const say = <K extends StringKey>(key: K): Message<K> => ({ key });

/** A failed call's message: the server's text when it sent one, else the key's string. */
export function fromError<K extends StringKey>(error: unknown, fallback: K): Message<K> {
  const server = serverMessage(error);
  return server === undefined ? { key: fallback } : { key: fallback, server };
}

/** A reply's own text when it has one, else the key's string. */
export function fromReply<K extends StringKey>(text: string | undefined, fallback: K): Message<K> {
  return text?.trim() ? { key: fallback, server: text } : { key: fallback };
}

/** The text the student reads, in the page's locale. */
export function messageText<K extends StringKey>(t: (key: K) => string, message: Message<K>): string;
export function messageText<K extends StringKey>(
  t: (key: K) => string,
  message: Message<K> | undefined,
): string | undefined;
export function messageText<K extends StringKey>(
  t: (key: K) => string,
  message: Message<K> | undefined,
): string | undefined {
  return message === undefined ? undefined : (message.server ?? t(message.key));
}

/** The strings of the keys a machine may say, for a form whose page hands it only those. */
export function messageStrings<K extends StringKey>(
  keys: readonly K[],
  t: (key: K) => string,
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
