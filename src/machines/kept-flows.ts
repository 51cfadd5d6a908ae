// Flows that outlive the page (decision 041): what a tab keeps of a flow's machine (XState's
// persisted snapshot), when it resumes it, and how a kept code entry drops its secret. The
// registration card (registration-resume.ts) and credential recovery (recovery-resume.ts) each
// say which of their places are kept.
import type { Snapshot } from 'xstate';
import { REGISTRATION_TOKEN_TTL_MS } from '../domain/otp-rules';

/** What the tab keeps of one flow. */
export interface KeptFlow {
  /** Whose flow it is (a registration page's card, recovery): another never resumes it. */
  page: string;
  /** The address's query when it was kept: a different entry (back from the gateway) starts as its query says. */
  search: string;
  savedAt: number;
  /**
   * What the flow was started with (the page's card data: its config): a copy made under other
   * config (a publish, a deploy since) is not resumed, as its context would carry the old.
   */
  fingerprint?: string;
  snapshot: Snapshot<unknown>;
}

/** What to do with the kept flow after the machine moved: store this, forget it, or leave it. */
export type FlowKeeping = { store: Snapshot<unknown> } | 'forget' | 'leave';

export type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** A persisted snapshot as plain data (what the tab stores), to read and trim before storing. */
export const plainSnapshot = (persisted: unknown): Json => JSON.parse(JSON.stringify(persisted)) as Json;

/** A child's persisted snapshot inside its parent's, by the invoke's id. */
export function childSnapshot(snapshot: Json, id: string): Json | undefined {
  const children = snapshot.children;
  const entry = isRecord(children) ? children[id] : undefined;
  return isRecord(entry) && isRecord(entry.snapshot) ? entry.snapshot : undefined;
}

/**
 * A verify-mobile flow kept at its code entry, without its secret: the code typed so far is
 * dropped and a check under way is not resumed (the box shows again, empty). False when the flow
 * is not at its code entry (sending, resending, done): nothing to keep of it.
 */
export function keptCodeEntry(verify: Json): boolean {
  const value = verify.value;
  if (!isRecord(value) || !isRecord(value.codeEntry)) return false;
  verify.context = { ...(verify.context as Json), code: '', error: undefined };
  if (value.codeEntry.code === 'verifying') {
    value.codeEntry = { ...value.codeEntry, code: 'editing' };
    const { checkCode: _, ...others } = verify.children as Json;
    verify.children = others;
  }
  return true;
}

/**
 * The kept flow to resume on this page now, or undefined (another page, another entry, too old:
 * a verified number's token lasts 2 hours, and no kept flow outlives it).
 */
export function flowToResume(
  kept: KeptFlow | undefined,
  { page, search, now, fingerprint }: { page: string; search: string; now: number; fingerprint?: string },
): Snapshot<unknown> | undefined {
  if (!kept || kept.page !== page || kept.search !== search) return undefined;
  if (kept.fingerprint !== fingerprint) return undefined;
  if (now - kept.savedAt > REGISTRATION_TOKEN_TTL_MS || now < kept.savedAt) return undefined;
  return kept.snapshot;
}

/** A short fingerprint of a text (FNV-1a, 32 bits): enough to tell one config from another. */
export function fingerprintOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
