// One locale's string table (i18n/<locale>.json) as the Texts screen edits it: loaded at its published
// version (or the person's own draft on the server), each edit saved as a draft through the same
// file API as the page editor (decision 049), a save that meets a newer publish put on top of it
// (texts are independent: only the keys this person changed are theirs), and submitted for review.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { indiaDateTime } from '../../domain/dates';
import { useStaff } from './signed-in';
import { StudioApiError, type Json, type JsonObject, type LoadedFile } from './studio-api';
import { useStudioApi } from './studio-form-context';

export type Strings = Record<string, string>;

/** A draft is saved this long after the last keystroke. */
export const TEXT_SAVE_DEBOUNCE_MS = 600;

const stringsOf = (content: Json | undefined): Strings =>
  ((content as JsonObject | undefined)?.strings ?? {}) as Strings;

const timeOf = (date: Date) => indiaDateTime(date.toISOString())?.time ?? '';

export interface TextTable {
  path: string;
  /** Still loading (null), or the error that stopped it. */
  loaded: boolean;
  loadError: string;
  /** The texts students see now. */
  published: Strings;
  /** The texts as edited here. */
  strings: Strings;
  setText(key: string, text: string): void;
  /** The draft on the server this person's edits are in (its number is what is submitted). */
  savedNumber: number | null;
  /** Edits not yet on the server. */
  unsaved: boolean;
  saving: boolean;
  /** The last save failed (it is tried again at the next change, or by saveNow). */
  saveFailed: boolean;
  /** Saves the edits now, not after the typist's pause (a Submit clicked meanwhile). */
  saveNow(): void;
  saveNote: string;
  /** Sends the saved draft to review; answers a sentence for the status bar. */
  submit(note: string): Promise<{ ok: boolean; text: string }>;
  submitted: number | null;
}

/** This person's newest draft among the versions in progress (newest first). */
const ownDraft = (drafts: LoadedFile['drafts'], id: string | undefined) =>
  drafts?.find((d) => d.state === 'draft' && d.authorId === id);

export function useTextTable(path: string): TextTable {
  const api = useStudioApi();
  const staff = useStaff();
  const staffId = useRef(staff?.id);
  const [doc, setDoc] = useState<JsonObject | null>(null);
  const [published, setPublished] = useState<Strings>({});
  const [strings, setStrings] = useState<Strings>({});
  const [baseVersion, setBaseVersion] = useState<string | null>(null);
  const [loadError, setLoadError] = useState('');
  const [saved, setSaved] = useState<{ strings: Strings; number: number } | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [saveNote, setSaveNote] = useState('');
  const [submitted, setSubmitted] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const answered = await api.getFile(path);
      if (!answered) throw new Error('These texts could not be found.');
      const mine = ownDraft(answered.drafts, staffId.current);
      const draft = mine ? await api.getFile(path, mine.number) : null;
      if (!live) return;
      const start = draft ?? answered;
      setDoc(start.content as JsonObject);
      setPublished(stringsOf(answered.content));
      setStrings(stringsOf(start.content));
      setBaseVersion(start.version);
      if (mine && draft) {
        setSaved({ strings: stringsOf(draft.content), number: mine.number });
        setDirty(true);
        setSaveNote('Continued your draft: students see these changes only once they are published.');
      }
    })().catch((error: Error) => live && setLoadError(`The texts could not be opened: ${error.message}`));
    return () => {
      live = false;
    };
  }, [api, path]);

  const setText = useCallback((key: string, text: string) => {
    setStrings((last) => ({ ...last, [key]: text }));
    setDirty(true);
  }, []);

  const unsaved = dirty && JSON.stringify(saved?.strings) !== JSON.stringify(strings);
  const going = useRef<AbortController | null>(null);
  // A save met a newer publish and put these changes on top of it: the next saved note says so too.
  const merged = useRef(false);
  const save = useCallback(
    async (texts: Strings, base: string | null) => {
      if (!doc) return;
      going.current?.abort();
      const controller = new AbortController();
      going.current = controller;
      startTransition(() => setSaving(true));
      setSaveFailed(false);
      try {
        const content = { ...doc, strings: texts };
        const result = await api.putFile({ path, content, baseVersion: base }, controller.signal);
        if (controller.signal.aborted) return;
        if (result.ok) {
          setSaved({ strings: texts, number: result.number ?? 0 });
          setSaveNote(
            `Draft saved at ${timeOf(new Date())}. ${
              merged.current
                ? 'Someone published these texts meanwhile: your changes are kept on top of theirs.'
                : 'Students see it only once it is published.'
            }`,
          );
          merged.current = false;
        } else if (result.error === 'changed' && result.current) {
          // Published meanwhile: this person's changed texts on top of the new published ones.
          const theirs = stringsOf(result.current.content);
          const mine = Object.fromEntries(Object.entries(texts).filter(([k, v]) => published[k] !== v));
          setPublished(theirs);
          setStrings({ ...theirs, ...mine });
          setBaseVersion(result.current.version);
          merged.current = true;
          setSaveNote('Someone published these texts meanwhile: your changes are kept on top of theirs.');
        } else {
          setSaveFailed(true);
          setSaveNote('Not saved on the server: fix the texts marked in red first.');
        }
      } catch (error) {
        if (controller.signal.aborted || (error instanceof StudioApiError && error.status === 401)) return;
        setSaveFailed(true);
        setSaveNote(`Not saved (${(error as Error).message}): saved at your next change.`);
      } finally {
        if (!controller.signal.aborted) startTransition(() => setSaving(false));
      }
    },
    [api, doc, path, published],
  );

  useEffect(() => {
    if (!unsaved) return;
    const timer = setTimeout(() => void save(strings, baseVersion), TEXT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [unsaved, strings, baseVersion, save]);

  const submit = useCallback(
    async (note: string) => {
      if (!saved) return { ok: false, text: 'Nothing saved to submit yet.' };
      try {
        await api.submitForReview({ path, number: saved.number, note });
        setSubmitted(saved.number);
        return {
          ok: true,
          text: 'Submitted for review. A publisher checks and publishes it; students see the published texts until then.',
        };
      } catch (error) {
        return { ok: false, text: `Not submitted: ${(error as Error).message}` };
      }
    },
    [api, path, saved],
  );

  return {
    path,
    loaded: doc !== null,
    loadError,
    published,
    strings,
    setText,
    savedNumber: saved?.number ?? null,
    unsaved,
    saving,
    saveFailed,
    saveNow: () => {
      if (unsaved && !saving) void save(strings, baseVersion);
    },
    saveNote,
    submit,
    submitted,
  };
}
