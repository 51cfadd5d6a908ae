// One experiment: what it tests, its state and actions (a publisher starts, stops and chooses the
// winner; anyone may pause), and its results in plain words: per version the visitors, conversions
// and rate, the change against the page now with its range, a verdict only once the minimums are
// met, and a warning instead of results when the split itself went wrong (decision 056).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { showDateTime } from '../../domain/dates';
import { FUNNEL_STEP_NAMES } from '../../domain/funnel-report';
import type { FunnelStep } from '../../domain/funnel-steps';
import type { StudioExperimentActionBody } from '../../generated/api/studio-experiment-action';
import type { StudioExperimentReply } from '../../generated/api/studio-experiment';
import { liftWords, percent, shortfallWords, signedPoints, STATUS_WORDS } from '../model/experiment-words';
import { canPublish, useStaff } from './signed-in';
import { useStudioApi } from './studio-form-context';

const count = (n: number) => n.toLocaleString('en-IN');

export function ExperimentPage() {
  const api = useStudioApi();
  const me = useStaff();
  const { id = '' } = useParams();
  const [data, setData] = useState<StudioExperimentReply | null>(null);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [news, setNews] = useState('');
  const [winner, setWinner] = useState('');
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api.experiment(id, signal).then(
        (reply) => {
          setData(reply);
          setWinner((w) => w || reply.experiment.arms[0]?.variantKey || '');
          return api.experimentPlan(reply.experiment.path, signal).then(
            (plan) => setTitles(Object.fromEntries(plan.variants.map((v) => [v.variantKey, v.title]))),
            () => undefined,
          );
        },
        (e: Error) => signal?.aborted || setError(e.message),
      ),
    [api, id],
  );
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  if (error)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="alert">{error}</p>
      </main>
    );
  if (!data)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="status">Loading…</p>
      </main>
    );
  const { experiment: e, results: r } = data;
  const title = (key: string) => titles[key] ?? key;
  const publisher = canPublish(me);
  const goalName = FUNNEL_STEP_NAMES[e.goal as FunnelStep] ?? e.goal;

  async function act(body: StudioExperimentActionBody, done: string) {
    setBusy(true);
    try {
      await api.experimentAction(id, body);
      await load();
      setNews(done);
    } catch (err) {
      setNews(`That did not work: ${(err as Error).message}`);
    } finally {
      setBusy(false);
      requestAnimationFrame(() => status.current?.focus());
    }
  }

  const started = e.startedAt ? `since ${showDateTime(e.startedAt)}` : '';
  const note = shortfallWords(r.shortfall, (i) => title(e.arms[i]?.variantKey ?? ''), e.goal);
  const verdict =
    r.verdict?.kind === 'winner'
      ? `“${title(r.verdict.variantKey ?? '')}” does better on “${goalName}”. You can choose it as the winner.`
      : r.verdict?.kind === 'no_difference'
        ? `No version does clearly better on “${goalName}” yet. Keep it running to find a smaller difference, or stop it.`
        : null;

  return (
    <main id="main" className="st-main st-experiment" tabIndex={-1}>
      <p>
        <Link to="/experiments">All experiments</Link>
      </p>
      <h1>{e.name}</h1>
      <p className="st-lead">
        {STATUS_WORDS[e.status]} {started} · the page at {e.path} · success: {goalName.toLowerCase()}
        {e.winner ? ` · winner: “${title(e.winner)}”` : ''}
      </p>
      {e.hypothesis && <p>Expected: {e.hypothesis}</p>}
      <p className="st-muted">
        Planned: about {count(e.plannedPerArm)} visitors for each version. Checked as the results come in: you
        may look every day, the ranges below already allow for it.
      </p>
      <p role="status" tabIndex={-1} ref={status} className="st-status-line">
        {news}
      </p>
      <div className="st-actions">
        {publisher && (e.status === 'draft' || e.status === 'paused') && (
          <button
            type="button"
            className="st-button"
            disabled={busy}
            onClick={() => void act({ action: 'start' }, 'Started: visitors now see the versions.')}
          >
            {e.status === 'draft' ? 'Start' : 'Resume'}
          </button>
        )}
        {e.status === 'running' && (
          <button
            type="button"
            className="st-button st-button--secondary"
            disabled={busy}
            onClick={() =>
              void act({ action: 'pause' }, 'Paused: everyone sees the page at the address again.')
            }
          >
            Pause
          </button>
        )}
        {publisher && (e.status === 'running' || e.status === 'paused') && (
          <button
            type="button"
            className="st-button st-button--secondary"
            disabled={busy}
            onClick={() =>
              void act({ action: 'stop' }, 'Stopped without a winner: everyone sees the page at the address.')
            }
          >
            Stop without a winner
          </button>
        )}
      </div>
      {!publisher && (
        <p className="st-muted">A publisher starts the experiment, stops it and chooses the winner.</p>
      )}

      <h2>Results</h2>
      {r.srm.mismatch ? (
        <div className="st-warning" role="alert">
          <h3>The visitors were not shared out as planned</h3>
          <p>
            {e.arms
              .map(
                (a, i) =>
                  `“${title(a.variantKey)}” got ${count(r.arms[i]?.exposed ?? 0)} visitors (planned ${a.weight} %)`,
              )
              .join('; ')}
            . A difference this large does not happen by chance: something (a link, a cache, a redirect) sends
            visitors to one version more than the other, so the results would mislead and are hidden. Ask a
            developer to check the split before reading or trusting them.
          </p>
        </div>
      ) : (
        <>
          <p className="st-note">{note ?? verdict}</p>
          <div className="st-table-wrap">
            <table className="st-table st-table--cards" aria-label="Results by version">
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Visitors</th>
                  {r.arms[0]?.steps.map((s) => (
                    <th scope="col" key={s.step}>
                      {FUNNEL_STEP_NAMES[s.step as FunnelStep] ?? s.step}
                    </th>
                  ))}
                  <th scope="col">Change in “{goalName}” against the page now</th>
                </tr>
              </thead>
              <tbody>
                {r.arms.map((arm, i) => {
                  const test = arm.steps[0]?.test;
                  return (
                    <tr key={arm.variantKey}>
                      <th scope="row">
                        {title(arm.variantKey)}
                        <span className="st-muted"> ({arm.weight} %)</span>
                      </th>
                      <td data-label="Visitors">{count(arm.exposed)}</td>
                      {arm.steps.map((s) => (
                        <td key={s.step} data-label={FUNNEL_STEP_NAMES[s.step as FunnelStep] ?? s.step}>
                          {count(s.conversions)} ({percent(s.rate)})
                        </td>
                      ))}
                      <td data-label="Change against the page now">
                        {i === 0
                          ? 'The page now'
                          : test && !note
                            ? `${liftWords(test.relative)}; ${signedPoints(test.absolute.estimate)}`
                            : 'Shown once there is enough data'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {publisher && e.status !== 'draft' && e.status !== 'decided' && (
        <section aria-labelledby="st-exp-winner-title">
          <h2 id="st-exp-winner-title">Choose the winner</h2>
          <p className="st-help">
            The winner becomes the page at {e.path} for everyone; when it is the other page, the two pages
            swap addresses.
          </p>
          <div className="st-actions st-winner">
            <div className="st-field">
              <label htmlFor="st-exp-winner">Winner</label>
              <select id="st-exp-winner" value={winner} onChange={(ev) => setWinner(ev.target.value)}>
                {e.arms.map((a) => (
                  <option key={a.variantKey} value={a.variantKey}>
                    {title(a.variantKey)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="st-button"
              disabled={busy}
              onClick={() =>
                void act({ action: 'declare', winner }, `“${title(winner)}” is now the page at ${e.path}.`)
              }
            >
              Make it the page at {e.path}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
