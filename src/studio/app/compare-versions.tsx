// "Compare two versions": any two versions of a document, and what changes for students from the
// first to the second, in words (money apart).
import { useId, useState } from 'react';
import { stateInWords } from '../model/version-words';
import { ChangeList } from './change-panel';
import type { VersionChange, VersionSummary } from './studio-api';
import { useStudioApi } from './studio-form-context';

interface Result {
  from: number;
  to: number;
  changes: VersionChange[];
}

export function CompareVersions({
  path,
  versions,
  published,
}: {
  path: string;
  /** Newest first. */
  versions: VersionSummary[];
  published: number | null;
}) {
  const api = useStudioApi();
  const id = useId();
  const newest = versions[0]?.number ?? 1;
  const older = published !== null && published !== newest ? published : (versions[1]?.number ?? newest);
  const [from, setFrom] = useState(older);
  const [to, setTo] = useState(newest);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // A new version listed (after an action): compare from the same, to the newest.
  const [listedNewest, setListedNewest] = useState(newest);
  if (listedNewest !== newest) {
    setListedNewest(newest);
    setTo(newest);
  }

  const compare = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const found = await api.compare(path, from, to);
      setResult({ from, to, changes: found.changes });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const options = versions.map((v) => (
    <option key={v.number} value={v.number}>
      Version {v.number} · {stateInWords(v)}
    </option>
  ));
  return (
    <section aria-labelledby={`${id}-title`} className="st-compare-versions">
      <h2 id={`${id}-title`}>Compare two versions</h2>
      <form onSubmit={(event) => void compare(event)} className="st-compare-versions__form">
        <div className="st-field">
          <label htmlFor={`${id}-from`}>From</label>
          <select id={`${id}-from`} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
            {options}
          </select>
        </div>
        <div className="st-field">
          <label htmlFor={`${id}-to`}>To</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {options}
          </select>
        </div>
        <button
          type="submit"
          className="st-button st-button--secondary"
          disabled={busy || from === to}
          aria-describedby={`${id}-why`}
        >
          Show what changes
        </button>
      </form>
      <p id={`${id}-why`} className="st-help">
        {from === to ? 'Choose two different versions.' : ''}
      </p>
      {error && <p role="alert">{error}</p>}
      <div aria-live="polite">
        {result && (
          <>
            <h3>
              What changes for students from version {result.from} to version {result.to}
            </h3>
            {result.changes.length ? (
              <ChangeList changes={result.changes} linked={false} level={4} />
            ) : (
              <p>Nothing changes for students between these two versions.</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
