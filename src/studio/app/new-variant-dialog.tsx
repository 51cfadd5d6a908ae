// "New variant from…": a copy of a landing with new addresses and a new variant key. The copy is
// checked by the file API's validate (the same cross-checks as validate:config: an address taken by
// another variant, a reserved route, another host's page) before anything is kept; it then opens
// as a draft, written to config/ only when published.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../ui/modal/modal';
import { isObject } from './json-path';
import { draftStore, friendlyMessage } from './model-shim';
import { SCHEMAS } from './schema-bundle';
import { useStudioApi } from './studio-form-context';
import type { LandingSummary, Problem } from './studio-api';

const PATH = /^\/([a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*)?$/;
const KEY = /^[a-z][a-z0-9_]*$/;

export function splitPaths(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function fileFor(paths: string[]): string {
  const slug = (paths[0] ?? '').replace(/^\//, '').replace(/\//g, '-') || 'home';
  return `landings/${slug}.json`;
}

export function NewVariantDialog({
  source,
  landings,
  onClose,
}: {
  source: LandingSummary;
  landings: LandingSummary[];
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
    const pe: string[] = [];
    const ke: string[] = [];
    if (paths.length === 0) pe.push('Enter at least one address, for example /neet-repeater-2026.');
    for (const p of paths)
      if (!PATH.test(p))
        pe.push(`${p} is not a page address: start with /, then lower-case letters, digits and dashes.`);
    if (!KEY.test(key))
      ke.push('The variant key is lower-case letters, digits and _, starting with a letter.');
    const file = fileFor(paths);
    if (landings.some((l) => l.path === file))
      pe.push(`A page file ${file} exists already: choose another address.`);
    setPathErrors(pe);
    setKeyErrors(ke);
    setOther([]);
    if (pe.length || ke.length) return;
    setBusy(true);
    try {
      const loaded = await api.getFile(source.path);
      if (!loaded || !isObject(loaded.content)) throw new Error(`${source.path} could not be read.`);
      const content = { ...loaded.content, paths, variantKey: key };
      const problems = (await api.validate([{ path: file, content }])).filter(
        (p: Problem) =>
          p.file === file || paths.some((path) => p.message.includes(path)) || p.message.includes(key),
      );
      const at = (pointer: string) => problems.filter((p) => p.pointer.startsWith(pointer));
      const words = (list: Problem[]) => list.map((p) => friendlyMessage(p, SCHEMAS.landing));
      setPathErrors(words(at('/paths')));
      setKeyErrors(words(at('/variantKey')));
      setOther(
        words(
          problems.filter((p) => !p.pointer.startsWith('/paths') && !p.pointer.startsWith('/variantKey')),
        ),
      );
      if (problems.length > 0) return;
      draftStore().save(file, { content, baseVersion: null });
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
          The new page starts as a copy of {source.paths.join(', ')}. Nothing is published until you publish
          it.
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
