// The editor of one config file: the generated form, its problems (from the file API's validate,
// the same code as `npm run validate:config`), undo and redo over the whole draft, the draft kept in
// the browser, the preview, what changes for students, and publish (with the merge when the file
// changed on disk).
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { Modal } from '../../ui/modal/modal';
import { ChangePanel } from './change-panel';
import { ConflictView } from './conflict-view';
import { ErrorSummary } from './error-summary';
import { getAt, isObject, pathOf, setAt } from './json-path';
import { changeList, draftStore, friendlyMessage, history, type Change, type History } from './model-shim';
import { PreviewPane } from './preview-pane';
import { kindOf, SCHEMAS, uiSchemaFor } from './schema-bundle';
import { StatusBar, useStatus } from './status';
import { useStudioApi, type Counterpart, type StudioFormContext } from './studio-form-context';
import { StudioForm } from './studio-form';
import type { Json, LandingSummary, Problem } from './studio-api';

export const VALIDATE_DEBOUNCE_MS = 300;

type Action =
  | { type: 'load'; start: Json; restored?: Json }
  | { type: 'change'; next: Json; group?: string }
  | { type: 'undo' }
  | { type: 'redo' };

function reducer(state: History<Json> | null, action: Action): History<Json> | null {
  if (action.type === 'load') {
    const start = history.start(action.start);
    return action.restored === undefined ? start : history.push(start, action.restored);
  }
  if (!state) return state;
  if (action.type === 'undo') return history.undo(state);
  if (action.type === 'redo') return history.redo(state);
  if (JSON.stringify(action.next) === JSON.stringify(state.present)) return state;
  return history.push(state, action.next, action.group);
}

/** The problems of this file as rjsf's error tree, at the field each is about. */
export function errorSchemaOf(problems: Problem[], file: string, schema: unknown): ErrorSchema<unknown> {
  const tree: Record<string, unknown> = {};
  for (const problem of problems) {
    if (problem.file !== file) continue;
    let parts = pathOf(problem.pointer);
    const required = /required property '([^']+)'/.exec(problem.message);
    if (required?.[1]) parts = [...parts, required[1]];
    let node = tree;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    const list = ((node.__errors as string[] | undefined) ??= []);
    list.push(friendlyMessage(problem, schema));
  }
  return tree as ErrorSchema<unknown>;
}

const asModel = (value: Json) => value as unknown as Landing | Programme;

/** Pointers where the other language's page has a text and this draft has none. */
export function missingTranslations(draft: Json, other: Counterpart | null): Change[] {
  if (!other) return [];
  const skip = new Set([
    'type',
    'id',
    'href',
    'src',
    'icon',
    'paths',
    'variantKey',
    'programme',
    'locale',
    'translationOf',
    '$schema',
    'target',
    'source',
    'redirectTo',
  ]);
  const out: Change[] = [];
  const walk = (value: Json, path: (string | number)[]) => {
    if (typeof value === 'string') {
      const key = path[path.length - 1];
      const ours = getAt(draft, path);
      if (typeof key === 'string' && skip.has(key)) return;
      if (value.trim() && (typeof ours !== 'string' || !ours.trim()))
        out.push({
          kind: 'translation-missing',
          pointer: '/' + path.join('/'),
          label: `${path.filter((p) => typeof p === 'string').join(' › ')}`,
          before: value,
        });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(other.content, []);
  return out;
}

export function EditorPage() {
  const file = useParams()['*'] ?? '';
  const api = useStudioApi();
  const store = useMemo(() => draftStore(), []);
  const kind = kindOf(file);
  const schema = SCHEMAS[kind];
  const uiSchema = useMemo(() => uiSchemaFor(kind), [kind]);
  const [state, dispatch] = useReducer(reducer, null);
  const [published, setPublished] = useState<{ content: Json; version: string } | null>(null);
  const [baseVersion, setBaseVersion] = useState<string | null>(null);
  const [loadError, setLoadError] = useState('');
  const [hosts, setHosts] = useState<Hosts | null>(null);
  const [summary, setSummary] = useState<LandingSummary | null>(null);
  const [counterpart, setCounterpart] = useState<Counterpart | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  // The draft the problems were found in: while it is not the current draft, a check is under way.
  const [checked, setChecked] = useState<Json | undefined>(undefined);
  const [publishing, setPublishing] = useState(false);
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
  useLayoutEffect(() => {
    draftRef.current = draft;
  }, [draft]);

  // Load the published file, a kept draft, the hosts (for the change list's addresses) and, for a
  // page with a translation, the other language's page.
  useEffect(() => {
    let live = true;
    (async () => {
      const [loaded, hostsFile, files] = await Promise.all([
        api.getFile(file),
        api.getFile('hosts.json'),
        api.listFiles(),
      ]);
      if (!live) return;
      const kept = store.load(file);
      if (!loaded && !kept) return setLoadError(`There is no file ${file}.`);
      setHosts((hostsFile?.content as unknown as Hosts | undefined) ?? null);
      setSummary(files.landings.find((l) => l.path === file) ?? null);
      setPublished(loaded ? { content: loaded.content, version: loaded.version } : null);
      if (kept) {
        setBaseVersion(kept.baseVersion);
        const start = loaded?.content ?? kept.content;
        dispatch({ type: 'load', start, restored: loaded ? kept.content : undefined });
        const when = new Date(kept.savedAt).toLocaleString('en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
        });
        if (loaded && kept.baseVersion !== loaded.version)
          say(
            `Restored your unpublished changes (kept ${when}). The published page changed since: you will be asked to merge when you publish.`,
          );
        else
          say(
            loaded
              ? `Restored your unpublished changes (kept ${when}).`
              : 'This new page is a draft until you publish it.',
          );
      } else {
        setBaseVersion(loaded?.version ?? null);
        dispatch({ type: 'load', start: loaded?.content ?? null });
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
  }, [api, file, kind, store, say]);

  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(published?.content ?? null);

  // Keep the draft in the browser while it differs from the published file.
  useEffect(() => {
    if (draft === null) return;
    if (dirty || published === null) store.save(file, { content: draft, baseVersion });
    else store.clear(file);
  }, [draft, dirty, published, baseVersion, file, store]);

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
  }, [api, draft, file, say]);

  const undo = useCallback(() => {
    dispatch({ type: 'undo' });
    say('Undone.');
  }, [say]);
  const redo = useCallback(() => {
    dispatch({ type: 'redo' });
    say('Redone.');
  }, [say]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
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

  const context = useMemo<StudioFormContext>(
    () => ({
      api,
      getDraft: () => draftRef.current ?? {},
      edit(update, text) {
        dispatch({ type: 'change', next: update(draftRef.current ?? {}) });
        say(text, { undo: true });
      },
      announce: (text, options) => say(text, options),
      getCounterpart: () => counterpart,
      pageLocale: () => localeRef.current,
      confirmMoney: (label, before, after) =>
        new Promise<boolean>((resolve) => setMoney({ label, before, after, resolve })),
      setAt(path, value) {
        dispatch({ type: 'change', next: setAt(draftRef.current ?? {}, path, value) });
      },
    }),
    [api, counterpart, say],
  );

  const onChange = useCallback(
    (next: Json, id?: string) => dispatch({ type: 'change', next, group: id ?? 'form' }),
    [],
  );
  const errors = useMemo(() => errorSchemaOf(problems, file, schema), [problems, file, schema]);

  const changes = useMemo(() => {
    if (draft === null || !hosts) return [];
    const listed = changeList(published ? asModel(published.content) : null, asModel(draft), { hosts, kind });
    const seen = new Set(listed.filter((c) => c.kind === 'translation-missing').map((c) => c.pointer));
    return [...listed, ...missingTranslations(draft, counterpart).filter((c) => !seen.has(c.pointer))];
  }, [draft, published, hosts, kind, counterpart]);

  const publish = async () => {
    if (draft === null) return;
    setPublishing(true);
    try {
      const result = await api.putFile({ path: file, content: draft, baseVersion });
      if (result.ok) {
        setPublished({ content: draft, version: result.version });
        setBaseVersion(result.version);
        store.clear(file);
        setConflict(null);
        const urls =
          summary?.hosts.slice(0, 1).flatMap((h) => summary.paths.map((p) => `http://${h}${p}`)) ?? [];
        say(`Published.${urls.length ? ` Students see it at ${urls.join(', ')}.` : ''}`);
      } else if (result.error === 'changed') {
        setConflict({ current: result.current });
        say('Not published: the page changed on disk since you opened it. Choose what to keep below.', {
          kind: 'error',
        });
        requestAnimationFrame(() => document.getElementById('st-conflict')?.focus());
      } else {
        setProblems(result.problems);
        say('Not published: the whole site check found problems. They are listed above the form.', {
          kind: 'error',
        });
      }
    } catch (error) {
      say(`Not published: ${(error as Error).message}`, { kind: 'error' });
    } finally {
      setPublishing(false);
    }
  };

  if (loadError)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="alert">{loadError}</p>
        <Link to="/">Back to all pages</Link>
      </main>
    );
  if (draft === null || !state)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="status">Opening {file}…</p>
      </main>
    );

  const fileProblems = problems.length;
  const blockedReason =
    checked !== draft
      ? 'Checking the page…'
      : fileProblems > 0
        ? `Fix ${fileProblems === 1 ? 'the problem' : `the ${fileProblems} problems`} to publish.`
        : conflict
          ? 'Choose what to keep first.'
          : !dirty
            ? 'No changes to publish.'
            : '';
  const title = getAt(draft, [kind === 'landing' ? 'title' : 'name']);
  return (
    <main id="main" className="st-main st-editor" tabIndex={-1}>
      <header className="st-editor__bar">
        <div className="st-editor__where">
          <Link to="/">All pages</Link>
          <h1>{typeof title === 'string' ? title : file}</h1>
          <span className="st-muted">
            {file}
            {published ? '' : ' (new, not published)'}
          </span>
        </div>
        <div className="st-editor__actions">
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={undo}
            disabled={state.past.length === 0}
            aria-keyshortcuts="Control+Z"
          >
            Undo
          </button>
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={redo}
            disabled={state.future.length === 0}
            aria-keyshortcuts="Control+Shift+Z"
          >
            Redo
          </button>
          <button
            type="button"
            className="st-button"
            onClick={() => void publish()}
            disabled={Boolean(blockedReason) || publishing}
            aria-describedby="st-publish-why"
          >
            {publishing ? 'Publishing…' : 'Publish'}
          </button>
          <span id="st-publish-why" className="st-muted">
            {blockedReason}
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
      <div className="st-editor__columns">
        <div className="st-editor__form">
          <ErrorSummary problems={problems} file={file} schema={schema} />
          {counterpart && (
            <p className="st-note">
              Beside each text: the {counterpart.locale === 'hi' ? 'Hindi' : 'English'} page's text (
              {counterpart.file}), to compare.
            </p>
          )}
          <StudioForm
            schema={schema}
            uiSchema={uiSchema}
            formData={draft}
            errors={errors}
            context={context}
            onChange={onChange}
          />
        </div>
        <div className="st-editor__side">
          {kind === 'landing' ? (
            <PreviewPane api={api} path={file} content={draft} hosts={summary?.hosts ?? []} />
          ) : (
            <p className="st-note">
              A programme has no page of its own: open one of its landing pages to preview it.
            </p>
          )}
          <ChangePanel changes={changes} isNew={published === null} />
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
            {money.label}: ₹{money.before} → ₹{money.after}. Students will see and pay the new amount once
            this is published.
          </p>
          <div className="st-actions">
            <button
              type="button"
              className="st-button"
              onClick={() => {
                money.resolve(true);
                setMoney(null);
                say(`${money.label} changed to ₹${money.after}.`, { undo: true });
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
              Keep ₹{money.before}
            </button>
          </div>
        </Modal>
      )}
    </main>
  );
}
