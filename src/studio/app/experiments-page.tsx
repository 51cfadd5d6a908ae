// The experiments made in the Studio: name, page, state, when started; a new one from a page.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { showDateTime } from '../../domain/dates';
import type { StudioExperiment } from '../../generated/api/studio-experiments';
import { STATUS_WORDS } from '../model/experiment-words';
import { useStudioApi } from './studio-form-context';

export function ExperimentsPage() {
  const api = useStudioApi();
  const [list, setList] = useState<StudioExperiment[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const abort = new AbortController();
    api.experiments(abort.signal).then(setList, (e: Error) => abort.signal.aborted || setError(e.message));
    return () => abort.abort();
  }, [api]);

  return (
    <main id="main" className="st-main" tabIndex={-1}>
      <h1>Experiments</h1>
      <p className="st-lead">
        Show two or more versions of a page to different visitors and see which gets more of them to register.
      </p>
      <p>
        <Link className="st-button" to="/experiments/new">
          New experiment
        </Link>
      </p>
      {error && <p role="alert">The experiments could not be read: {error}</p>}
      {!list && !error && <p role="status">Loading…</p>}
      {list?.length === 0 && <p>No experiments yet. Start one from a page.</p>}
      {list && list.length > 0 && (
        <table className="st-table st-table--cards" aria-label="Experiments">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Page</th>
              <th scope="col">State</th>
              <th scope="col">Started (India time)</th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <Link to={`/experiments/${e.id}`}>{e.name}</Link>
                </th>
                <td data-label="Page">{e.path}</td>
                <td data-label="State">{STATUS_WORDS[e.status]}</td>
                <td data-label="Started (India time)">
                  {e.startedAt ? showDateTime(e.startedAt) : 'Not yet'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
