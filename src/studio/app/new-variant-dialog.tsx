// "New variant from…": a copy of a landing with a new title, addresses and variant key (suggested
// from the title), and of its Hindi page too when asked. The copies are checked by the file API's
// validate (the same cross-checks as validate:config: an address taken by another variant, a
// reserved route, another host's page) before anything is kept; they are then kept as drafts, and
// the dialog lists the copied texts that still name the page they were copied from.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../ui/modal/modal';
import type { ConfigBundle } from '../../engine/config-bundle';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import { copiedFromKey, draftStore } from '../model/draft-store';
import {
  keyFromTitle,
  leftoverTexts,
  pathFromTitle,
  type LeftoverText,
} from '../../engine/content/leftover-texts';
import { LeftoverList, useTwinOf } from './new-variant-twin';
import { pageNamesFor } from './page-names';
import { useStudioApi } from './studio-form-context';
import type { Json, LandingSummary, Problem, StudioApi } from './studio-api';

/** The engine's message as a sentence: 'path "/x" is …' → 'Path "/x" is ….' */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function splitPaths(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** What "New variant from…" checks against: every page, the site's screens and the programmes. */
async function loadBundle(
  api: StudioApi,
  landings: LandingSummary[],
  programmes: string[],
): Promise<Pick<ConfigBundle, 'site' | 'landings' | 'programmes'>> {
  const read = async (path: string) => {
    const loaded = await api.getFile(path);
    if (!loaded) throw new Error('A page could not be read: reload the Studio and try again.');
    return loaded.content;
  };
  const [site, pages, progs] = await Promise.all([
    read('site.json'),
    Promise.all(
      landings.map(async (l) => ({ file: l.path, landing: (await read(l.path)) as unknown as Landing })),
    ),
    Promise.all(programmes.map(async (p) => (await read(p)) as unknown as Programme)),
  ]);
  return {
    site: site as unknown as Site,
    landings: pages,
    programmes: Object.fromEntries(progs.map((p) => [p.id, p])),
  };
}

export function NewVariantDialog({
  source,
  landings,
  programmes,
  onClose,
}: {
  source: LandingSummary;
  landings: LandingSummary[];
  /** The programme files (programmes/x.json): variant keys must not read as their exam types. */
  programmes: string[];
  onClose(): void;
}) {
  const api = useStudioApi();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState('');
  const [pathsText, setPathsText] = useState('');
  const [key, setKey] = useState('');
  // The address and key follow the title until they are typed in.
  const [typed, setTyped] = useState({ paths: false, key: false });
  const twin = useTwinOf(api, source, landings);
  const [copyTwin, setCopyTwin] = useState(true);
  const [made, setMade] = useState<{
    file: string;
    left: LeftoverText[];
    twin?: { file: string; left: LeftoverText[] };
  }>();
  const madeHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => madeHeading.current?.focus(), [made]);
  const [pathErrors, setPathErrors] = useState<string[]>([]);
  const [keyErrors, setKeyErrors] = useState<string[]>([]);
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const paths = splitPaths(pathsText);
    setPathErrors([]);
    setKeyErrors([]);
    setOther([]);
    setTitleError('');
    if (title.trim() === '') {
      setTitleError('Enter the new page’s title, as search results and the browser tab show it.');
      return;
    }
    if (paths.length === 0) {
      setPathErrors(['Enter at least one address, for example /neet-repeater-2026.']);
      return;
    }
    setBusy(true);
    try {
      // The model's rule first (the engine's path and key rules, the same as validate:config's
      // cross-check), then the whole config with the copy, by the file API: nothing is written.
      // The rules and the schemas' labels for the messages load here, not with the home page (whose
      // list is the Studio's first screen); the home page loads them once it is idle anyway.
      // The other pages' names too: a message names the page that has an address, by its title
      // (awaited, so a quick click after the dialog opens does not say “another page”).
      const [bundle, { friendlyMessage, withoutFileNames }, { newVariantFrom }, names] = await Promise.all([
        loadBundle(api, landings, programmes),
        import('../model/friendly-message'),
        import('../../engine/content/paths'),
        pageNamesFor(api).catch(() => undefined),
      ]);
      const sourcePage = bundle.landings.find((l) => l.file === source.path)?.landing;
      if (!sourcePage) throw new Error(`The page “${source.title}” could not be read: reload and try again.`);
      const made = newVariantFrom(sourcePage, { paths, variantKey: key }, bundle);
      if (!made.ok) {
        const words = (field: string) =>
          made.problems
            .filter((p) => p.field === field)
            .map((p) => sentence(withoutFileNames(p.message, names)));
        setPathErrors([...words('paths'), ...words('file')]);
        setKeyErrors(words('variantKey'));
        return;
      }
      const { file, landing } = made;
      landing.title = title.trim();
      const content = landing as unknown as Json;
      // The Hindi page's copy: its addresses and key after the new ones, translating the new page;
      // its title is the new English one until someone translates it.
      const twinPage =
        copyTwin && twin ? bundle.landings.find((l) => l.file === twin.path)?.landing : undefined;
      const twinMade = twinPage
        ? newVariantFrom(
            twinPage,
            { paths: paths.map((p) => `${p.replace(/\/$/, '')}-hindi`), variantKey: `${key}_hindi` },
            bundle,
          )
        : undefined;
      if (twinMade && !twinMade.ok) {
        setOther(twinMade.problems.map((p) => `Hindi page: ${sentence(withoutFileNames(p.message, names))}`));
        return;
      }
      const twinCopy = twinMade?.ok
        ? { file: twinMade.file, landing: { ...twinMade.landing, title: title.trim(), translationOf: file } }
        : undefined;
      const drafts = [
        { path: file, content },
        ...(twinCopy ? [{ path: twinCopy.file, content: twinCopy.landing as unknown as Json }] : []),
      ];
      const problems = (await api.validate(drafts)).filter(
        (p: Problem) =>
          drafts.some((d) => d.path === p.file) ||
          paths.some((path) => p.message.includes(path)) ||
          p.message.includes(key),
      );
      const at = (pointer: string) => problems.filter((p) => p.pointer.startsWith(pointer));
      const words = (list: Problem[]) => list.map((p) => friendlyMessage(p, content, names));
      setPathErrors(words(at('/paths')));
      setKeyErrors(words(at('/variantKey')));
      setOther(
        words(
          problems.filter((p) => !p.pointer.startsWith('/paths') && !p.pointer.startsWith('/variantKey')),
        ),
      );
      if (problems.length > 0) return;
      const store = draftStore(localStorage);
      store.save(file, content, null);
      localStorage.setItem(copiedFromKey(file), source.path);
      if (twinCopy && twin && twinPage) {
        store.save(twinCopy.file, twinCopy.landing as unknown as Json, null);
        localStorage.setItem(copiedFromKey(twinCopy.file), twin.path);
      }
      setMade({
        file,
        left: leftoverTexts(sourcePage, landing),
        ...(twinCopy && twinPage
          ? { twin: { file: twinCopy.file, left: leftoverTexts(twinPage, twinCopy.landing) } }
          : {}),
      });
    } catch (error) {
      setOther([(error as Error).message]);
    } finally {
      setBusy(false);
    }
  };

  const onTitle = (value: string) => {
    setTitle(value);
    if (!typed.paths) setPathsText(pathFromTitle(value));
    if (!typed.key) setKey(keyFromTitle(source.programme, value));
  };

  if (made)
    return (
      <Modal heading={`New variant from “${source.title}”`} closeLabel="Close" onClose={onClose}>
        <h3 ref={madeHeading} tabIndex={-1} className="st-made__heading">
          {made.twin ? 'Two drafts made: the new page and its Hindi page' : 'Draft made'}
        </h3>
        <LeftoverList heading="On the new page" left={made.left} source={source.title} />
        {made.twin && (
          <LeftoverList heading="On its Hindi page" left={made.twin.left} source={twin?.title ?? ''} />
        )}
        <div className="st-actions">
          <button type="button" className="st-button" onClick={() => navigate(`/edit/${made.file}`)}>
            Open the new page
          </button>
          {made.twin && (
            <button
              type="button"
              className="st-button st-button--secondary"
              onClick={() => navigate(`/edit/${made.twin?.file ?? ''}`)}
            >
              Open its Hindi page
            </button>
          )}
        </div>
      </Modal>
    );

  return (
    <Modal heading={`New variant from “${source.title}”`} closeLabel="Close" onClose={onClose}>
      <form className="st-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          The new page starts as a copy of {source.paths.join(', ')}. Nothing is published until a publisher
          publishes it.
        </p>
        <div className="st-field">
          <label htmlFor="st-new-title">Title of the new page</label>
          <p id="st-new-title-hint" className="st-help">
            As search results and the browser tab show it, for example “JEE Dropper Scholarship 2027”.
          </p>
          <input
            id="st-new-title"
            className="st-input"
            value={title}
            onChange={(e) => onTitle(e.target.value)}
            aria-invalid={titleError !== ''}
            aria-describedby={`st-new-title-hint${titleError ? ' st-new-title-error' : ''}`}
          />
          {titleError && (
            <p id="st-new-title-error" className="st-field-error">
              {titleError}
            </p>
          )}
        </div>
        <div className="st-field">
          <label htmlFor="st-new-paths">New page address(es)</label>
          <p id="st-new-paths-hint" className="st-help">
            One or more, separated by spaces or commas, for example /neet-repeater-2026.
          </p>
          <input
            id="st-new-paths"
            className="st-input"
            value={pathsText}
            onChange={(e) => {
              setPathsText(e.target.value);
              setTyped((t) => ({ ...t, paths: true }));
            }}
            aria-invalid={pathErrors.length > 0}
            aria-describedby={`st-new-paths-hint${pathErrors.length ? ' st-new-paths-error' : ''}`}
          />
          {pathErrors.length > 0 && (
            <ul id="st-new-paths-error" className="st-field-error">
              {pathErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="st-field">
          <label htmlFor="st-new-key">Variant key</label>
          <p id="st-new-key-hint" className="st-help">
            How reports name this page, for example iacst_repeater_neet_2026. Copied from: {source.variantKey}
            .
          </p>
          <input
            id="st-new-key"
            className="st-input"
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              setTyped((t) => ({ ...t, key: true }));
            }}
            aria-invalid={keyErrors.length > 0}
            aria-describedby={`st-new-key-hint${keyErrors.length ? ' st-new-key-error' : ''}`}
          />
          {keyErrors.length > 0 && (
            <ul id="st-new-key-error" className="st-field-error">
              {keyErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
        {twin && (
          <div className="st-field st-field--check">
            <input
              id="st-new-twin"
              type="checkbox"
              checked={copyTwin}
              onChange={(e) => setCopyTwin(e.target.checked)}
              aria-describedby="st-new-twin-hint"
            />
            <label htmlFor="st-new-twin">Copy its Hindi page too</label>
            <p id="st-new-twin-hint" className="st-help">
              “{twin.title}” is copied as the new page’s Hindi page, at the new addresses with -hindi after
              them.
            </p>
          </div>
        )}
        {other.length > 0 && (
          <ul className="st-field-error" role="alert">
            {other.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        <p role="status" className="st-status-line">
          {busy
            ? 'Checking…'
            : pathErrors.length + keyErrors.length + other.length > 0
              ? 'Not created: fix the problems above.'
              : ''}
        </p>
        <div className="st-actions">
          <button type="submit" className="st-button" disabled={busy}>
            Check and create the draft
          </button>
          <button type="button" className="st-button st-button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
