// "New variant from…": a copy of a landing with new addresses and a new variant key. The copy is
// checked by the file API's validate (the same cross-checks as validate:config: an address taken by
// another variant, a reserved route, another host's page) before anything is kept; it then opens
// as a draft, written to config/ only when published.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../ui/modal/modal';
import type { ConfigBundle } from '../../engine/config-bundle';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import { copiedFromKey, draftStore } from '../model/draft-store';
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
  const [pathsText, setPathsText] = useState('');
  const [key, setKey] = useState('');
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
      const content = landing as unknown as Json;
      const problems = (await api.validate([{ path: file, content }])).filter(
        (p: Problem) =>
          p.file === file || paths.some((path) => p.message.includes(path)) || p.message.includes(key),
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
      draftStore(localStorage).save(file, content, null);
      localStorage.setItem(copiedFromKey(file), source.path);
      navigate(`/edit/${file}`);
    } catch (error) {
      setOther([(error as Error).message]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal heading={`New variant from “${source.title}”`} closeLabel="Close" onClose={onClose}>
      <form className="st-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          The new page starts as a copy of {source.paths.join(', ')}. Nothing is published until a publisher
          publishes it.
        </p>
        <div className="st-field">
          <label htmlFor="st-new-paths">New page address(es)</label>
          <p id="st-new-paths-hint" className="st-help">
            One or more, separated by spaces or commas, for example /neet-repeater-2026.
          </p>
          <input
            id="st-new-paths"
            className="st-input"
            value={pathsText}
            onChange={(e) => setPathsText(e.target.value)}
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
            onChange={(e) => setKey(e.target.value)}
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
