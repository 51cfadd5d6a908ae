// The editor of one config file: the generated form, its problems (from the file API's validate,
// the same code as `npm run validate:config`), undo and redo over the whole draft, the draft saved
// on the server as the person types (and kept in the browser as the offline fallback), the preview,
// what changes for students, submit for review (with the merge when the page was published
// meanwhile), and the other versions in progress, with the way to the Inbox and the history.
import { ReviewNote } from './review-note';
import type { ErrorSchema } from '@rjsf/utils';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { indiaDateTime, showDateTime } from '../../domain/dates';
import { Modal } from '../../ui/modal/modal';
import { ChangePanel } from './change-panel';
import { ConflictView } from './conflict-view';
import { CouponSummary } from './coupon-summary';
import { ErrorSummary } from './error-summary';
import { useOutline } from './editor-outline';
import { FormSelectionContext } from './form-selection';
import { ReviewPanel } from './review-panel';
import { useStaff } from './signed-in';
import { StudioApiError, type LoadedFile } from './studio-api';
import type { Staff } from './account-api';
import { changeList, moneyEdit } from '../../engine/content/change-list';
import { copiedFromKey, draftStore } from '../model/draft-store';
import { fileInWords, friendlyMessage, problemField, type PageNames } from '../model/friendly-message';
import { History } from '../model/history';
import { landingTexts, translationPairs } from '../../engine/content/translations';
import { getAt, isObject, pathOf, pathOfFieldId, pointerOf, setAt, type JsonPath } from './json-path';
import { markField } from './field-focus';
import { PreviewEditing } from './preview-editing';
import { usePageNames } from './page-names';
import { FormAfterPreview } from './form-after-preview';
import { DraftAhead, PreviewPane } from './preview-pane';
import { kindOf, SCHEMAS, uiSchemaFor, type FileKind } from './schema-bundle';
import { StatusBar, useStatus } from './status';
import { useSubmitWhenSaved } from './submit-when-saved';
import { HeldKeys } from '../../ui/forms/held-typing';
import {
  TranslationsContext,
  useStudioApi,
  type Counterpart,
  type StudioFormContext,
  type TranslationInfo,
} from './studio-form-context';
import { StudioForm } from './studio-form';
import { useStudioValidator } from './studio-validator';
import { TranslationStatus, useTranslationMarks } from './translation-status';
import type { Json, LandingSummary, Problem } from './studio-api';

export const VALIDATE_DEBOUNCE_MS = 300;
/**
 * A draft is saved on the server this long after its last change (a newer save aborts one in
 * flight). Typed text does not wait for it: held typing already waited for the typist's pause
 * (SEND_AFTER_MS), so the draft its keys make is saved as they are sent, before @rjsf redraws. The
 * save's answer renders only the page's header (the form, preview and lists are memoised), as a
 * transition.
 */
export const DRAFT_SAVE_DEBOUNCE_MS = 250;
/** Typed keys sent reach @rjsf within this (FormAfterPreview waits 150 ms at most, a loaded laptop
 * takes longer): past it, the form's draft is what stands, even if it never took them. */
const TYPED_TAKEN_WITHIN_MS = 5_000;

/** A time of day in India time (02:05 PM), as every Studio screen says times. */
const timeOf = (date: Date) => indiaDateTime(date.toISOString())?.time ?? '';

const NO_HOSTS: string[] = [];

type Action =
  | { type: 'load'; start: Json; restored?: Json }
  | { type: 'change'; next: Json; field?: string }
  | { type: 'undo' }
  | { type: 'redo' };

interface Snapshot {
  present: Json;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * The draft's undo/redo history (S2's History, a mutable object) kept outside React's state: the
 * actions run in event handlers, never in a reducer (StrictMode runs reducers twice, which would
 * record a step twice), and what renders is a snapshot of it.
 */
function useDraftHistory(): [Snapshot | null, (action: Action) => void] {
  const ref = useRef<History<Json> | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const dispatch = useCallback((action: Action) => {
    if (action.type === 'load') {
      ref.current = new History<Json>(action.start);
      if (action.restored !== undefined) ref.current.push(action.restored);
    } else {
      const h = ref.current;
      if (!h) return;
      if (action.type === 'undo') h.undo();
      else if (action.type === 'redo') h.redo();
      else if (JSON.stringify(action.next) === JSON.stringify(h.present)) return;
      else h.push(action.next, action.field === undefined ? {} : { field: action.field });
    }
    const now = ref.current;
    if (now) setSnapshot({ present: now.present, canUndo: now.canUndo, canRedo: now.canRedo });
  }, []);
  return [snapshot, dispatch];
}

function same(a: Json | undefined, b: Json | undefined): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The one text, number or switch an edit changed, as a pointer, or undefined when it changed more
 * or a list (an entry added, removed or moved): typing in one field merges into one undo step,
 * structural edits never merge.
 */
export function changedLeaf(before: Json, after: Json, at = ''): string | undefined {
  const branch = (x: Json) => typeof x === 'object' && x !== null;
  if (!branch(before) || !branch(after)) return at;
  if (Array.isArray(before) !== Array.isArray(after)) return undefined;
  if (Array.isArray(before) && Array.isArray(after) && before.length !== after.length) return undefined;
  const a = before as Record<string, Json>;
  const b = after as Record<string, Json>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const differing = [...keys].filter((k) => !same(a[k], b[k]));
  const [key] = differing;
  if (differing.length !== 1 || key === undefined || a[key] === undefined || b[key] === undefined)
    return undefined;
  const inner = changedLeaf(a[key], b[key], `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  // A list whose entries all changed place reads as two entries changed: not typing.
  return Array.isArray(before) && inner === undefined ? undefined : inner;
}

const isPlainObject = (x: Json | undefined): x is { [key: string]: Json } =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * rjsf's form state with the empty objects it makes up for optional object fields removed (an
 * untouched `tokenRule` gains `ifNoToken: {}`, which then lacks its required redirect): a field the
 * person never opened must not become a problem. Objects the draft already had are kept.
 */
export function withoutInventedObjects(before: Json | undefined, after: Json): Json {
  if (Array.isArray(after))
    return after.map((item, i) =>
      withoutInventedObjects(Array.isArray(before) ? before[i] : undefined, item),
    );
  if (!isPlainObject(after)) return after;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(after)) {
    const was = isPlainObject(before) ? before[key] : undefined;
    if (value === undefined) continue;
    const kept = withoutInventedObjects(was, value);
    if (was === undefined && isPlainObject(kept) && Object.keys(kept).length === 0) continue;
    out[key] = kept;
  }
  return out;
}

/** What the editor calls the file it edits, in its sentences. */
const NOUN: Record<FileKind, string> = { landing: 'page', programme: 'programme', coupon: 'coupon' };

/** What the header says the file is, in a reader's words: the page's addresses, or the programme. */
function whereItIs(kind: FileKind, draft: Json): string {
  if (kind === 'programme') return `Programme ${String(getAt(draft, ['examType']) ?? '')}`.trim();
  if (kind === 'coupon') return 'Coupon: every change is checked by a second person';
  const paths = getAt(draft, ['paths']);
  const list = Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
  return list.length > 0 ? `Landing page at ${list.join(', ')}` : 'Landing page (no address yet)';
}

/** The problems of this file as rjsf's error tree, at the field each is about, in words. */
export function errorSchemaOf(
  problems: Problem[],
  file: string,
  doc: Json,
  names?: PageNames,
): ErrorSchema<unknown> {
  const tree: Record<string, unknown> = {};
  for (const problem of problems) {
    if (problem.file !== file) continue;
    let node = tree;
    for (const part of pathOf(problemField(problem))) node = (node[part] ??= {}) as Record<string, unknown>;
    const list = ((node.__errors as string[] | undefined) ??= []);
    list.push(friendlyMessage(problem, doc, names));
  }
  return tree as ErrorSchema<unknown>;
}

const asModel = (value: Json) => value as unknown as Landing | Programme;

/**
 * Each text's pair in the other language, by the draft's pointer (S2's translationPairs pairs blocks
 * by type and rank, so reordered blocks keep their pairs). It holds the other page's texts only, so
 * it changes with the draft's shape, not as the person types; each field says itself whether its
 * translation is missing (S2's missingReason).
 */
export function translationMap(draft: Json, counterpart: Counterpart | null): Map<string, TranslationInfo> {
  const map = new Map<string, TranslationInfo>();
  if (!isObject(draft) || !Array.isArray(draft.blocks)) return map;
  const page = draft as unknown as Landing;
  const other = counterpart?.content as unknown as Landing | undefined;
  if (page.locale === 'hi') {
    if (!other) for (const { pointer } of landingTexts(page)) map.set(pointer, { side: 'hi' });
    else
      for (const row of translationPairs(other, page))
        map.set(row.pointer, { side: 'hi', ...(row.en === undefined ? {} : { other: row.en }) });
  } else if (other && other.locale === 'hi') {
    for (const row of translationPairs(page, other))
      if (row.enPointer !== undefined)
        map.set(row.enPointer, { side: 'en', ...(row.hi === undefined ? {} : { other: row.hi }) });
  }
  return map;
}

/** The draft with its texts blanked (block types and the locale kept): what the pairs depend on. */
function shapeOf(draft: Json | null): string {
  return JSON.stringify(draft, (key, value: unknown) =>
    typeof value === 'string' && key !== 'type' && key !== 'locale' ? '' : value,
  );
}

/** This person's newest draft among a document's versions in progress (newest first). */
function ownDraft(drafts: LoadedFile['drafts'], staff: Staff | null) {
  return drafts?.find((d) => d.state === 'draft' && d.authorId === staff?.id);
}

export function EditorPage() {
  const file = useParams()['*'] ?? '';
  const api = useStudioApi();
  // Signing in again (the session had ended) checks and saves what could not be meanwhile.
  const staff = useStaff();
  // Who is signed in, for the load (a sign-in again does not reload the page).
  const staffRef = useRef(staff);
  useLayoutEffect(() => {
    staffRef.current = staff;
  }, [staff]);
  const store = useMemo(() => draftStore(localStorage), []);
  const kind = kindOf(file);
  const schema = SCHEMAS[kind];
  const uiSchema = useMemo(() => uiSchemaFor(kind), [kind]);
  const validator = useStudioValidator(kind);
  const [state, dispatch] = useDraftHistory();
  const [published, setPublished] = useState<{ content: Json; version: string } | null>(null);
  const [baseVersion, setBaseVersion] = useState<string | null>(null);
  const [loadError, setLoadError] = useState('');
  const [hosts, setHosts] = useState<Hosts | null>(null);
  const [summary, setSummary] = useState<LandingSummary | null>(null);
  // A programme's landing pages: its preview shows the draft programme through one of them.
  const [programmeLandings, setProgrammeLandings] = useState<LandingSummary[]>([]);
  const [counterpart, setCounterpart] = useState<Counterpart | null>(null);
  // A new page copied by "New variant from…": the page it was copied from, to list what differs.
  const [copiedFrom, setCopiedFrom] = useState<{ file: string; content: Json } | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  // The draft the problems were found in: while it is not the current draft, a check is under way.
  const [checked, setChecked] = useState<Json | undefined>(undefined);
  // The last draft the server holds (its version number is what is submitted), and how saving goes.
  const [saved, setSaved] = useState<{ content: Json; version: string; number?: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveNote, setSaveNote] = useState('');
  const [note, setNote] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // The form's held keys: Submit sends them before it asks (askSubmit).
  const [heldKeys] = useState(() => new HeldKeys());
  // The last save failed (a kept Submit is then not sent: useSubmitWhenSaved).
  const [saveFailed, setSaveFailed] = useState(false);
  const [submitted, setSubmitted] = useState<number | null>(null);
  const [conflict, setConflict] = useState<{ current: { content: Json; version: string } | null } | null>(
    null,
  );
  const [money, setMoney] = useState<{
    label: string;
    before: string;
    after: string;
    resolve(ok: boolean): void;
  } | null>(null);
  const { message, say } = useStatus();
  const draft = state?.present ?? null;
  const draftRef = useRef<Json>(null);
  // Saves a draft now unless it is the one on its way (set below, once saving is defined).
  const saveNowRef = useRef<(content: Json, path: JsonPath, text: string) => void>(() => {});
  const ahead = useMemo(() => new DraftAhead(), []);
  const afterPreview = useMemo(() => new FormAfterPreview(), []);
  useEffect(() => {
    ahead.whenDrawn(afterPreview.drawn);
    const unwatch = afterPreview.watch(window);
    return () => {
      ahead.whenDrawn(undefined);
      unwatch();
    };
  }, [ahead, afterPreview]);
  useLayoutEffect(() => {
    draftRef.current = draft;
  }, [draft]);

  // Load the published file, a kept draft, the hosts (for the change list's addresses) and, for a
  // page with a translation, the other language's page.
  useEffect(() => {
    let live = true;
    (async () => {
      const [answered, hostsFile, files] = await Promise.all([
        api.getFile(file),
        api.getFile('hosts.json'),
        api.listFiles(),
      ]);
      if (!live) return;
      // A page never published answers its newest draft: the page is new, that draft its content so far.
      const serverDraft = answered?.published === null ? answered : null;
      const loaded = serverDraft ? null : answered;
      const stored = store.load(file);
      const keptHere = stored && { ...stored, content: stored.content as Json };
      // Else my draft on the server (saved in another browser or computer, or sent back to me).
      const mine = keptHere || !loaded ? undefined : ownDraft(answered?.drafts, staffRef.current);
      const onServer = mine ? await api.getFile(file, mine.number) : null;
      if (!live) return;
      const kept =
        keptHere ??
        (mine && onServer
          ? { content: onServer.content, baseVersion: onServer.version, savedAt: mine.createdAt }
          : null);
      if (mine && onServer)
        setSaved({ content: onServer.content, version: String(mine.number), number: mine.number });
      if (!loaded && !kept && !serverDraft)
        return setLoadError(`This ${NOUN[kind]} does not exist: it may have been renamed or removed.`);
      setHosts((hostsFile?.content as unknown as Hosts | undefined) ?? null);
      setSummary(files.landings.find((l) => l.path === file) ?? null);
      const programmeId = files.programmes.find((p) => p.path === file)?.id;
      setProgrammeLandings(programmeId ? files.landings.filter((l) => l.programme === programmeId) : []);
      setPublished(loaded ? { content: loaded.content, version: loaded.version } : null);
      if (kept) {
        setBaseVersion(kept.baseVersion);
        const start = loaded?.content ?? kept.content;
        dispatch({ type: 'load', start, restored: loaded ? kept.content : undefined });
        const when = showDateTime(kept.savedAt);
        if (loaded && kept.baseVersion !== loaded.version)
          say(
            `Restored your unpublished changes (kept ${when}). The published page changed since: you will be asked what to keep when it is saved.`,
          );
        else
          say(
            loaded
              ? keptHere
                ? `Restored your unpublished changes (kept ${when}).`
                : `Continued your draft, saved ${when}.`
              : `This new ${NOUN[kind]} is a draft until it is published.`,
          );
      } else {
        setBaseVersion(loaded?.version ?? null);
        dispatch({ type: 'load', start: loaded?.content ?? serverDraft?.content ?? null });
        if (serverDraft) say(`This new ${NOUN[kind]} is a draft until it is published.`);
      }
      const source = loaded ? null : localStorage.getItem(copiedFromKey(file));
      if (source) {
        const sourceFile = await api.getFile(source);
        if (sourceFile && live) setCopiedFrom({ file: source, content: sourceFile.content });
      }
      // The other language: the page this one translates, or a page that translates this one.
      const content = kept?.content ?? loaded?.content ?? null;
      const translationOf = getAt(content ?? {}, ['translationOf']);
      let other: string | undefined = typeof translationOf === 'string' ? translationOf : undefined;
      if (!other && kind === 'landing') {
        const mine = files.landings.find((l) => l.path === file);
        for (const candidate of files.landings.filter(
          (l) => mine && l.programme === mine.programme && l.locale !== mine.locale,
        )) {
          const loadedCandidate = await api.getFile(candidate.path);
          if (getAt(loadedCandidate?.content ?? {}, ['translationOf']) === file) other = candidate.path;
        }
      }
      if (other && live) {
        const otherFile = await api.getFile(other);
        const locale = getAt(otherFile?.content ?? {}, ['locale']);
        if (otherFile && live)
          setCounterpart({
            file: other,
            locale: typeof locale === 'string' ? locale : 'en',
            content: otherFile.content,
          });
      }
    })().catch((error: Error) => live && setLoadError(error.message));
    return () => {
      live = false;
    };
  }, [api, file, kind, store, say, dispatch]);

  // Worked out when the draft changes, not at every render (a save's answer renders this page too).
  const dirty = useMemo(
    () => draft !== null && JSON.stringify(draft) !== JSON.stringify(published?.content ?? null),
    [draft, published],
  );

  // Keep the draft in the browser while it differs from the published file.
  useEffect(() => {
    if (draft === null) return;
    if (dirty || published === null) {
      if (!store.save(file, draft, baseVersion))
        say(
          'This browser refused to keep the draft (storage full or off): publish or copy your changes before closing the tab.',
          { kind: 'error' },
        );
    } else store.remove(file);
  }, [draft, dirty, published, baseVersion, file, store, say]);

  // The server's validation of the draft with the rest of the config, as the person types.
  useEffect(() => {
    if (draft === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.validate([{ path: file, content: draft }], controller.signal).then(
        (found) => {
          setProblems(found);
          setChecked(draft);
        },
        (error: Error) => {
          if (controller.signal.aborted) return;
          setChecked(draft);
          say(`Could not check the page: ${error.message}`, { kind: 'error' });
        },
      );
    }, VALIDATE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, draft, file, say, staff]);

  const undo = useCallback(() => {
    dispatch({ type: 'undo' });
    say('Undone.');
  }, [say, dispatch]);
  const redo = useCallback(() => {
    dispatch({ type: 'redo' });
    say('Redone.');
  }, [say, dispatch]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      // Keys typed in the sign-in, shown over this editor when the session ended, are not its own.
      if (event.target instanceof Element && event.target.closest('.st-signin')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const pageLocale =
    typeof getAt(draft ?? {}, ['locale']) === 'string' ? String(getAt(draft ?? {}, ['locale'])) : 'en';
  const localeRef = useRef(pageLocale);
  useLayoutEffect(() => {
    localeRef.current = pageLocale;
  }, [pageLocale]);

  // Each text's pair in the other language, read by the form's fields through the context: rebuilt
  // when the page's shape (blocks, entries) or the other page changes, not at every keystroke.
  const shape = useMemo(() => (kind === 'landing' ? shapeOf(draft) : ''), [kind, draft]);
  const translations = useMemo(
    () =>
      shape ? translationMap(JSON.parse(shape) as Json, counterpart) : new Map<string, TranslationInfo>(),
    [shape, counterpart],
  );

  const context = useMemo<StudioFormContext>(
    () => ({
      api,
      getDraft: () => draftRef.current ?? {},
      edit(update, text) {
        dispatch({ type: 'change', next: update(draftRef.current ?? {}) });
        say(text, { undo: true });
      },
      announce: (text, options) => say(text, options),
      pageLocale: () => localeRef.current,
      confirmMoney: (pointer, before, after) => {
        const edit = moneyEdit(kind, draftRef.current, pointer, before, after);
        return edit
          ? new Promise<boolean>((resolve) => setMoney({ ...edit, resolve }))
          : Promise.resolve(true);
      },
      setAt(path, value) {
        dispatch({ type: 'change', next: setAt(draftRef.current ?? {}, path, value) });
      },
      typed(fieldId, before, after, commit) {
        // A text typed over a text the draft has (the field found by its value too): the preview
        // asks for the draft it makes now, and the form takes it once that is drawn. Anything else
        // goes to the form now, and to the preview after the form's onChange.
        const current = draftRef.current;
        if (current === null || typeof before !== 'string' || typeof after !== 'string') return commit();
        const path = pathOfFieldId(current, fieldId, (value) => value === before);
        const next = path && setAt(current, path, after);
        if (next) saveNowRef.current(next, path, after);
        if (next && ahead.tell(next)) afterPreview.defer(commit);
        else commit();
      },
    }),
    [api, say, dispatch, kind, ahead, afterPreview],
  );
  const marks = useTranslationMarks({ api, file, draft, twin: counterpart, savedKey: saved?.version });
  const translationsContext = useMemo(
    () => ({
      counterpart,
      at: (pointer: string) => translations.get(pointer),
      ...(marks && marks.hindiFile === file ? { stale: marks.stale } : {}),
    }),
    [counterpart, translations, marks, file],
  );
  const outlineEdit = useCallback(
    (next: Json, text: string, undoable?: boolean) => {
      dispatch({ type: 'change', next });
      say(text, undoable ? { undo: true } : {});
    },
    [dispatch, say],
  );
  const { outline, selection, reveal, selected } = useOutline({
    kind,
    draft,
    edit: outlineEdit,
    confirmMoney: context.confirmMoney,
  });
  // Texts edited in the preview itself (a landing page's: a programme's preview shows a page).
  const editing = useMemo(() => (kind === 'landing' ? new PreviewEditing() : undefined), [kind]);
  useEffect(() => {
    editing?.handle({
      draft: () => draftRef.current ?? {},
      typed(pointer, text) {
        const next = setAt(draftRef.current ?? {}, pathOf(pointer), text);
        dispatch({ type: 'change', next, field: pointer });
      },
      picked(pointer) {
        reveal(pointer);
        markField(pointer);
      },
    });
  }, [editing, dispatch, reveal]);
  // The block chosen in the outline is outlined in the preview, which scrolls to it.
  useEffect(() => {
    if (selected.startsWith('/blocks/')) editing?.show(selected);
  }, [editing, selected]);

  const onChange = useCallback(
    (formState: Json) => {
      const next = withoutInventedObjects(draftRef.current ?? undefined, formState);
      const field = changedLeaf(draftRef.current ?? {}, next);
      dispatch({ type: 'change', next, ...(field === undefined ? {} : { field }) });
    },
    [dispatch],
  );
  const names = usePageNames();
  const errorTree = useMemo(
    () => errorSchemaOf(problems, file, draft, names),
    [problems, file, draft, names],
  );
  // The same object while its messages are: a keystroke that changes no message does not make
  // @rjsf redraw the whole form a second time for new extraErrors.
  const errorsJson = useMemo(() => JSON.stringify(errorTree), [errorTree]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const errors = useMemo(() => errorTree, [errorsJson]);

  const changes = useMemo(() => {
    if (draft === null || !hosts) return [];
    const english =
      counterpart && counterpart.locale === 'en' ? (counterpart.content as unknown as Landing) : undefined;
    const base = published?.content ?? copiedFrom?.content ?? null;
    const listed = changeList(base === null ? null : asModel(base), asModel(draft), {
      hosts,
      kind,
      ...(english ? { counterpart: english } : {}),
    });
    // Against the page it was copied from, that page keeps its addresses: none is removed.
    return published || !copiedFrom ? listed : listed.filter((c) => c.kind !== 'path-removed');
  }, [draft, published, copiedFrom, hosts, kind, counterpart]);

  // Saves the draft on the server (a new draft version from the published one it started from); a
  // page published meanwhile is a conflict to merge, as before.
  const saveDraft = useCallback(
    async (content: Json, signal: AbortSignal) => {
      // How saving goes is told as a transition: a key typed meanwhile is drawn first.
      startTransition(() => setSaving(true));
      setSaveFailed(false);
      try {
        const result = await api.putFile({ path: file, content, baseVersion }, signal);
        if (signal.aborted) return;
        if (result.ok) {
          startTransition(() => {
            setSaved({
              content,
              version: result.version,
              ...(result.number === undefined ? {} : { number: result.number }),
            });
            setSaveNote(`Draft saved at ${timeOf(new Date())}. Students see it only once it is published.`);
          });
        } else if (result.error === 'changed') {
          setConflict({ current: result.current });
          say(
            'Not saved: someone published another version of this page since you opened it. Choose what to keep below.',
            {
              kind: 'error',
            },
          );
          requestAnimationFrame(() => document.getElementById('st-conflict')?.focus());
        } else {
          setProblems(result.problems);
          setSaveNote('Not saved on the server: the problems are listed above the form.');
        }
      } catch (error) {
        if (signal.aborted) return;
        // A 401 is the app's (it returns to sign-in); the draft is kept in this browser meanwhile.
        if (error instanceof StudioApiError && error.status === 401) return;
        setSaveFailed(true);
        setSaveNote(
          `Not saved on the server (${(error as Error).message}): kept in this browser, saved at your next change.`,
        );
      } finally {
        if (!signal.aborted) startTransition(() => setSaving(false));
      }
    },
    [api, file, baseVersion, say],
  );

  // The save on its way: a save of the same draft is not sent again, a newer one aborts it.
  // `typed`: a save of typed keys @rjsf has not yet taken (the draft may first show an older state).
  const inFlight = useRef<{ content: Json; controller: AbortController; typed: boolean } | null>(null);
  const saveNow = useCallback(
    (content: Json, typed = false) => {
      const going = inFlight.current;
      if (going && same(going.content, content)) return;
      going?.controller.abort();
      const controller = new AbortController();
      inFlight.current = { content, controller, typed };
      void saveDraft(content, controller.signal).finally(() => {
        if (inFlight.current?.controller === controller) inFlight.current = null;
      });
    },
    [saveDraft],
  );
  const unsaved = useMemo(
    () => draft !== null && dirty && (!saved || !same(saved.content, draft)),
    [draft, dirty, saved],
  );
  // The last draft saved as its keys were sent, until @rjsf takes them: the drafts the form passes
  // through meanwhile (a key sent earlier, flushed later) are older, and are not saved.
  // (Whether the form took them is read at the typed text's place: a change made after them, a
  // checkbox ticked, is saved as any other.)
  const typedAhead = useRef<{ path: JsonPath; text: string; at: number } | null>(null);
  useLayoutEffect(() => {
    // Typed text is saved at once only where a save would be now (no conflict to settle first;
    // not the published page itself, typed back).
    saveNowRef.current = (content, path, text) => {
      if (conflict || same(content, published?.content ?? undefined)) return;
      typedAhead.current = { path, text, at: Date.now() };
      saveNow(content, true);
    };
  }, [conflict, published, saveNow]);
  useEffect(() => {
    const typed = typedAhead.current;
    if (typed && draft !== null) {
      const waited = Date.now() - typed.at;
      if (getAt(draft, typed.path) === typed.text || waited >= TYPED_TAKEN_WITHIN_MS)
        typedAhead.current = null;
      else {
        // Not taken yet: this draft is older than the one saved. Saved anyway if it never is.
        const timer = setTimeout(() => {
          typedAhead.current = null;
          if (draftRef.current !== null) saveNow(draftRef.current);
        }, TYPED_TAKEN_WITHIN_MS - waited);
        return () => clearTimeout(timer);
      }
    }
    // A change made the save on its way stale: it is aborted now, not when the next one goes. (A
    // save of typed keys is not: the draft may pass an older state before @rjsf takes them.)
    const going = inFlight.current;
    if (going && !going.typed && draft !== null && !same(going.content, draft)) {
      going.controller.abort();
      inFlight.current = null;
    }
    if (draft === null || !unsaved || conflict) return;
    const timer = setTimeout(() => {
      // Keys typed since were saved as they were told, ahead of this draft: not this older one
      // (a slow machine can take longer than the pause for @rjsf to take them).
      if (!typedAhead.current) saveNow(draft);
    }, DRAFT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, unsaved, conflict, saveNow, staff]);
  // Leaving the page does not abort a save on its way: the draft is then on the server too.

  // Why Submit cannot send now. `blockedReason`: the editor must act first. `waitReason`: the draft
  // is on its way (keys just told, a save or a check under way); a Submit clicked meanwhile is
  // kept and sent once it is saved, so a click right after typing (whose blur tells the held keys
  // and starts a new save) is not lost.
  const blockedReason =
    checked === draft && problems.length > 0
      ? `Fix ${problems.length === 1 ? 'the problem' : `the ${problems.length} problems`} to submit it for review.`
      : conflict
        ? 'Choose what to keep first.'
        : !dirty
          ? 'No changes to submit.'
          : '';
  const waitReason =
    checked !== draft
      ? 'Checking the page…'
      : unsaved || saving || saved?.number === undefined
        ? 'Saving the draft…'
        : '';
  const submit = useCallback(async () => {
    if (saved?.number === undefined) return;
    setSubmitting(true);
    try {
      await api.submitForReview({ path: file, number: saved.number, note: note.trim() });
      setSubmitted(saved.number);
      setNote('');
      say(
        'Submitted for review. A publisher checks it and publishes it; students see the published page until then.',
      );
      // The Submit button is disabled now: the focus goes to the news, not to the page's body.
      requestAnimationFrame(() => document.getElementById('st-news')?.focus());
    } catch (error) {
      say(`Not submitted: ${(error as Error).message}`, { kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  }, [api, file, saved, note, say]);
  // Keys told but not yet in the draft, a save or a check on its way: Submit waits for them.
  const draftOnItsWay = useCallback(
    () => Boolean(waitReason || typedAhead.current || inFlight.current),
    [waitReason],
  );
  const refuse = useCallback((text: string) => say(text, { kind: 'error' }), [say]);
  const sendSubmit = useCallback(() => void submit(), [submit]);
  const kept = useSubmitWhenSaved({
    blocked: blockedReason,
    onItsWay: draftOnItsWay,
    failed: saveFailed,
    submit: sendSubmit,
    refuse,
  });
  const askSubmit = () => {
    // The keys a field still holds first (a click that did not take the focus from the field).
    heldKeys.sendAll();
    kept.ask();
    // A draft left unsaved (its save failed) is saved now, not at the next change.
    if (!inFlight.current && !typedAhead.current && unsaved && draft !== null && !conflict) saveNow(draft);
  };

  if (loadError)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="alert">{loadError}</p>
        <Link to="/">Back to all pages</Link>
      </main>
    );
  if (validator instanceof Error)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="alert">The editor could not open: {validator.message} Reload the page to try again.</p>
        <Link to="/">Back to all pages</Link>
      </main>
    );
  if (draft === null || !state || !validator)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="status">Opening the {NOUN[kind]}…</p>
      </main>
    );

  const submitNote =
    blockedReason || waitReason || (submitted === saved?.number ? 'Submitted for review.' : '');
  const title =
    kind === 'coupon'
      ? `Coupon ${String(getAt(draft, ['code']) ?? '')}`
      : getAt(draft, [kind === 'landing' ? 'title' : 'name']);
  return (
    <main id="main" className="st-main st-editor" tabIndex={-1}>
      <header className="st-editor__bar">
        <div className="st-editor__where">
          <Link to="/">All pages</Link>
          <h1>{typeof title === 'string' ? title : 'Untitled'}</h1>
          <span className="st-muted">
            {whereItIs(kind, draft)}
            {published ? '' : ' · new, not published yet'}
            {kind === 'landing' && published && typeof getAt(draft, ['paths', 0]) === 'string' && (
              <>
                {' · '}
                <Link to={`/experiments/new?path=${encodeURIComponent(String(getAt(draft, ['paths', 0])))}`}>
                  Test this page against another version
                </Link>
              </>
            )}
          </span>
        </div>
        <div className="st-editor__actions">
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={undo}
            disabled={!state.canUndo}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </button>
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={redo}
            disabled={!state.canRedo}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </button>
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={() => draft !== null && void saveDraft(draft, new AbortController().signal)}
            disabled={!unsaved || saving || Boolean(conflict)}
          >
            {saving ? 'Saving…' : 'Save draft'}
          </button>
          <ReviewNote
            id="st-review-note"
            className="st-input st-editor__note"
            value={note}
            onChange={setNote}
          />
          <button
            type="button"
            className="st-button"
            onClick={askSubmit}
            disabled={
              Boolean(blockedReason) ||
              (!waitReason && submitted === saved?.number) ||
              submitting ||
              kept.waiting
            }
            aria-describedby="st-publish-why"
          >
            {submitting || kept.waiting ? 'Submitting…' : 'Submit for review'}
          </button>
          <span id="st-publish-why" className="st-muted">
            {submitNote}
          </span>
          <span className="st-muted" role="status">
            {saveNote}
          </span>
        </div>
        <StatusBar message={message} onUndo={undo} />
      </header>
      {conflict && hosts && (
        <ConflictView
          mine={draft}
          disk={conflict.current}
          hosts={hosts}
          kind={kind}
          onResolve={(content, version, text) => {
            dispatch({ type: 'change', next: content });
            setBaseVersion(version);
            setPublished(conflict.current);
            setConflict(null);
            say(text, { undo: true });
          }}
        />
      )}
      <ReviewPanel path={file} changed={submitted} />
      <div className={`st-editor__columns${outline ? ' st-editor__columns--outline' : ''}`}>
        {outline && <div className="st-editor__outline">{outline}</div>}
        <div
          className="st-editor__form"
          onFocus={(event) => {
            // A field focused: the preview shows its block, outlined, and scrolls to its text.
            const path = editing && pathOfFieldId(draftRef.current ?? {}, event.target.id);
            if (path) editing.show(pointerOf(path));
          }}
        >
          <ErrorSummary problems={problems} file={file} doc={draft} />
          {/* The translation line names the other page too: one note, not two. */}
          {counterpart && !marks && (
            <p className="st-note">
              Beside each text: its {counterpart.locale === 'hi' ? 'Hindi' : 'English'} version on{' '}
              {fileInWords(counterpart.file, names)}, to compare.
            </p>
          )}
          {marks && <TranslationStatus marks={marks} file={file} name={(f) => fileInWords(f, names)} />}
          <TranslationsContext.Provider value={translationsContext}>
            <FormSelectionContext.Provider value={selection}>
              <StudioForm
                schema={schema}
                uiSchema={uiSchema}
                formData={draft}
                errors={errors}
                context={context}
                onChange={onChange}
                validator={validator}
                heldKeys={heldKeys}
              />
            </FormSelectionContext.Provider>
          </TranslationsContext.Provider>
        </div>
        <div className="st-editor__side">
          {kind === 'coupon' ? (
            <CouponSummary draft={draft} />
          ) : kind === 'landing' ? (
            <PreviewPane
              api={api}
              path={file}
              content={draft}
              hosts={summary?.hosts ?? NO_HOSTS}
              ahead={ahead}
              {...(editing ? { editing } : {})}
            />
          ) : programmeLandings.length > 0 ? (
            <PreviewPane api={api} path={file} content={draft} landings={programmeLandings} ahead={ahead} />
          ) : (
            <p className="st-note">
              No landing page registers for this programme yet: there is nothing to preview.
            </p>
          )}
          <ChangePanel
            changes={changes}
            isNew={published === null}
            {...(published === null && copiedFrom ? { copiedFrom: copiedFrom.file } : {})}
          />
        </div>
      </div>
      {money && (
        <Modal
          heading="Change what students pay?"
          closeLabel="Cancel"
          onClose={() => {
            money.resolve(false);
            setMoney(null);
            say('Money change cancelled.');
          }}
        >
          <p>
            {money.label}: {money.before} → {money.after}. Students see and pay by the new value once this is
            published.
          </p>
          <div className="st-actions">
            <button
              type="button"
              className="st-button"
              onClick={() => {
                money.resolve(true);
                setMoney(null);
                say(`${money.label} changed: ${money.before} → ${money.after}.`, { undo: true });
              }}
            >
              Yes, change it
            </button>
            <button
              type="button"
              className="st-button st-button--secondary"
              onClick={() => {
                money.resolve(false);
                setMoney(null);
                say('Money change cancelled.');
              }}
            >
              No, keep {money.before}
            </button>
          </div>
        </Modal>
      )}
    </main>
  );
}
