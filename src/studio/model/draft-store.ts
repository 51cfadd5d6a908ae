// Drafts kept in the browser (localStorage), so a reload or a closed tab loses nothing typed.
// Key `examflow-studio:draft:<path>` → { content, baseVersion, savedAt }. Corrupt or foreign data
// reads as no draft; a full storage makes save() answer false instead of throwing.

export const DRAFT_PREFIX = 'examflow-studio:draft:';

export interface StoredDraft {
  /** The draft file's content (parsed JSON). */
  content: unknown;
  /** The published file's version the draft started from (sha256 hex); null for a new file. */
  baseVersion: string | null;
  /** ISO time of the last save. */
  savedAt: string;
}

/** What of Web Storage the store needs (localStorage, or a Map-backed fake in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/** Where "New variant from…" notes which page a new draft copies (the change list compares with it). */
export function copiedFromKey(file: string): string {
  return `examflow-studio:copied-from:${file}`;
}

export function draftKey(path: string): string {
  return `${DRAFT_PREFIX}${path}`;
}

export function serialiseDraft(draft: StoredDraft): string {
  return JSON.stringify(draft);
}

/** The draft in a stored string, or undefined when it is missing, not JSON or not a draft. */
export function parseDraft(text: string | null | undefined): StoredDraft | undefined {
  if (!text) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { content, baseVersion, savedAt } = data as Record<string, unknown>;
  if (content === undefined) return undefined;
  if (baseVersion !== null && typeof baseVersion !== 'string') return undefined;
  if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return undefined;
  return { content, baseVersion, savedAt };
}

export interface DraftStore {
  load(path: string): StoredDraft | undefined;
  /** False when the browser refused (storage full or disabled): the caller says so. */
  save(path: string, content: unknown, baseVersion: string | null): boolean;
  remove(path: string): void;
  /** The paths that have a draft. */
  paths(): string[];
}

export function draftStore(storage: DraftStorage, now: () => Date = () => new Date()): DraftStore {
  return {
    load(path) {
      let text: string | null;
      try {
        text = storage.getItem(draftKey(path));
      } catch {
        return undefined;
      }
      return parseDraft(text);
    },
    save(path, content, baseVersion) {
      try {
        storage.setItem(
          draftKey(path),
          serialiseDraft({ content, baseVersion, savedAt: now().toISOString() }),
        );
        return true;
      } catch {
        return false;
      }
    },
    remove(path) {
      try {
        storage.removeItem(draftKey(path));
      } catch {
        // Storage disabled: there is nothing to remove.
      }
    },
    paths() {
      const found: string[] = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (key?.startsWith(DRAFT_PREFIX)) found.push(key.slice(DRAFT_PREFIX.length));
        }
      } catch {
        return [];
      }
      return found.sort();
    },
  };
}
