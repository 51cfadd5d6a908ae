// A new experiment from a page: its name and what is expected, the versions to show and their
// shares, the goal and up to three more steps to watch, the smallest improvement worth finding;
// the Studio plans the visitors each version needs from the page's last 14 days (two-proportion
// power formula, src/domain/experiment-plan.ts). Problems are listed and linked to their inputs.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FUNNEL_STEP_NAMES } from '../../domain/funnel-report';
import { equalShares, plannedDays, plannedPerArm, sharesProblem } from '../../domain/experiment-plan';
import type { StudioExperimentCreateBody as Body } from '../../generated/api/studio-experiment-create';
import type { StudioExperimentPlanReply } from '../../generated/api/studio-experiment-plan';
import { percent, planWords } from '../model/experiment-words';
import { useStudioApi } from './studio-form-context';

const MORE_STEPS = ['card_started', 'otp_sent', 'otp_verified', 'details_saved', 'exam_chosen'] as const;
type Field = 'name' | 'versions' | 'shares' | 'effect';
const ID: Record<Field, string> = {
  name: 'st-exp-name',
  versions: 'st-exp-versions',
  shares: 'st-exp-share-0',
  effect: 'st-exp-effect',
};

export function NewExperimentPage() {
  const api = useStudioApi();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [pages, setPages] = useState<{ path: string; title: string }[]>([]);
  const [path, setPath] = useState(search.get('path') ?? '');
  const [plan, setPlan] = useState<StudioExperimentPlanReply | null>(null);
  const [name, setName] = useState('');
  const [hypothesis, setHypothesis] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [shares, setShares] = useState<Record<string, number>>({});
  const [goal, setGoal] = useState<'registered' | 'paid'>('registered');
  const [more, setMore] = useState<string[]>([]);
  const [effect, setEffect] = useState('20');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState('');
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void api
      .listFiles()
      .then((files) =>
        setPages(files.landings.flatMap((l) => (l.paths[0] ? [{ path: l.paths[0], title: l.title }] : []))),
      );
  }, [api]);
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    api.experimentPlan(path, abort.signal).then(setPlan, () => undefined);
    return () => abort.abort();
  }, [api, path]);

  const others = plan?.variants.filter((v) => v.variantKey !== plan.variantKey) ?? [];
  const arms = plan ? [plan.variantKey, ...chosen] : [];
  const choose = (key: string, on: boolean) => {
    const next = on ? [...chosen, key] : chosen.filter((k) => k !== key);
    setChosen(next);
    const even = equalShares(next.length + 1);
    setShares(Object.fromEntries([plan?.variantKey ?? '', ...next].map((k, i) => [k, even[i] ?? 0])));
  };
  const minEffect = Number(effect) / 100;
  const baseline = plan ? plan.rates[goal] : 0;
  const perArm = useMemo(() => plannedPerArm(baseline, minEffect), [baseline, minEffect]);
  const smallest = Math.min(...arms.map((k) => shares[k] ?? 0)) / 100;
  const days = perArm === null || !plan ? null : plannedDays(perArm, plan.dailyVisitors, smallest || 0.5);
  const titleOf = (key: string) => plan?.variants.find((v) => v.variantKey === key)?.title ?? key;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!plan) return;
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = 'Give the experiment a name.';
    if (chosen.length === 0) found.versions = 'Choose at least one other version of the page to show.';
    const shareProblem = chosen.length > 0 ? sharesProblem(arms.map((k) => shares[k] ?? 0)) : null;
    if (shareProblem) found.shares = shareProblem;
    if (!(minEffect > 0 && minEffect <= 10))
      found.effect = 'Give the smallest improvement as a percent, such as 20.';
    setErrors(found);
    setRefusal('');
    if (Object.keys(found).length > 0) return requestAnimationFrame(() => summary.current?.focus());
    try {
      const created = await api.createExperiment({
        name: name.trim(),
        hypothesis: hypothesis.trim(),
        path,
        arms: arms.map((variantKey) => ({ variantKey, weight: shares[variantKey] ?? 0 })) as Body['arms'],
        goal,
        secondary: more as Body['secondary'],
        minEffect,
        plannedPerArm: perArm ?? 0,
        baselineRate: baseline,
      });
      navigate(`/experiments/${created.id}`);
    } catch (error) {
      setRefusal((error as Error).message);
      requestAnimationFrame(() => summary.current?.focus());
    }
  }

  const problems = (Object.keys(ID) as Field[]).flatMap((f) =>
    errors[f] ? [{ field: f, text: errors[f] }] : [],
  );
  const described = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${ID[field]}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`${ID[field]}-error`} className="st-field-error">
        {errors[field]}
      </p>
    );

  return (
    <main id="main" className="st-main st-experiment-form" tabIndex={-1}>
      <p>
        <Link to="/experiments">All experiments</Link>
      </p>
      <h1>New experiment</h1>
      {(problems.length > 0 || refusal) && (
        <div className="st-error-summary" ref={summary} tabIndex={-1} aria-labelledby="st-exp-problem">
          <h2 id="st-exp-problem">The experiment was not created</h2>
          <ul>
            {problems.map((p) => (
              <li key={p.field}>
                <a
                  href={`#${ID[p.field]}`}
                  onClick={(e) => (e.preventDefault(), document.getElementById(ID[p.field])?.focus())}
                >
                  {p.text}
                </a>
              </li>
            ))}
            {refusal && <li>{refusal}</li>}
          </ul>
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="st-field">
          <label htmlFor="st-exp-page">Page to test</label>
          <select
            id="st-exp-page"
            value={path}
            onChange={(e) => {
              // Another page: its own versions and figures.
              setPlan(null);
              setChosen([]);
              setPath(e.target.value);
            }}
          >
            <option value="">Choose a page</option>
            {pages.map((p) => (
              <option key={p.path} value={p.path}>
                {p.title} ({p.path})
              </option>
            ))}
          </select>
        </div>
        {plan && (
          <>
            <div className="st-field">
              <label htmlFor={ID.name}>Name</label>
              {fieldError('name')}
              <input
                id={ID.name}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={described('name')}
              />
            </div>
            <div className="st-field">
              <label htmlFor="st-exp-hypothesis">What do you expect, and why?</label>
              <p id="st-exp-hypothesis-hint" className="st-help">
                For example: “A shorter first screen gets more repeaters to register, because the form is
                visible at once.”
              </p>
              <textarea
                id="st-exp-hypothesis"
                value={hypothesis}
                onChange={(e) => setHypothesis(e.target.value)}
                aria-describedby="st-exp-hypothesis-hint"
              />
            </div>
            <fieldset
              className="st-field st-fieldset"
              id={ID.versions}
              tabIndex={-1}
              aria-describedby={described('versions', 'st-exp-versions-hint')}
            >
              <legend className="st-label">Versions to show</legend>
              <p id="st-exp-versions-hint" className="st-help">
                Visitors to {plan.path} see one of these, chosen by chance and kept on their next visits.
                Search engines always see “{plan.title}”.
              </p>
              {fieldError('versions')}
              <p className="st-muted">
                “{plan.title}” (the page now at {plan.path})
              </p>
              {others.map((v) => (
                <label key={v.variantKey} className="st-check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(v.variantKey)}
                    onChange={(e) => choose(v.variantKey, e.target.checked)}
                  />
                  <span>
                    {v.title} <span className="st-muted">({v.path})</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {chosen.length > 0 && (
              <fieldset className="st-field st-fieldset" aria-describedby={described('shares')}>
                <legend className="st-label">Share of visitors (%)</legend>
                {fieldError('shares')}
                {arms.map((key, i) => (
                  <div key={key} className="st-share">
                    <label htmlFor={`st-exp-share-${i}`}>{titleOf(key)}</label>
                    <input
                      id={`st-exp-share-${i}`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={99}
                      value={shares[key] ?? 0}
                      onChange={(e) => setShares({ ...shares, [key]: Number(e.target.value) })}
                      aria-invalid={errors.shares ? true : undefined}
                      aria-describedby={described('shares')}
                    />
                  </div>
                ))}
              </fieldset>
            )}
            <fieldset className="st-field st-fieldset">
              <legend className="st-label">What counts as success</legend>
              <label className="st-check">
                <input
                  type="radio"
                  name="goal"
                  checked={goal === 'registered'}
                  onChange={() => setGoal('registered')}
                />
                <span>A visitor registers</span>
              </label>
              {plan.paid && (
                <label className="st-check">
                  <input
                    type="radio"
                    name="goal"
                    checked={goal === 'paid'}
                    onChange={() => setGoal('paid')}
                  />
                  <span>A visitor pays</span>
                </label>
              )}
            </fieldset>
            <fieldset className="st-field st-fieldset" aria-describedby="st-exp-more-hint">
              <legend className="st-label">More steps to watch (up to 3)</legend>
              <p id="st-exp-more-hint" className="st-help">
                Shown beside the goal; the winner is chosen on the goal alone.
              </p>
              {MORE_STEPS.map((step) => (
                <label key={step} className="st-check">
                  <input
                    type="checkbox"
                    checked={more.includes(step)}
                    disabled={!more.includes(step) && more.length >= 3}
                    onChange={(e) =>
                      setMore(e.target.checked ? [...more, step] : more.filter((s) => s !== step))
                    }
                  />
                  <span>{FUNNEL_STEP_NAMES[step]}</span>
                </label>
              ))}
            </fieldset>
            <div className="st-field">
              <label htmlFor={ID.effect}>Smallest improvement worth finding (%)</label>
              <p id="st-exp-effect-hint" className="st-help">
                Now {percent(baseline)} of visitors {goal === 'paid' ? 'pay' : 'register'} (
                {Math.round(plan.dailyVisitors).toLocaleString('en-IN')} visitors a day over the last 14
                days). 20 means finding a rise from {percent(baseline)} to {percent(baseline * 1.2)}.
              </p>
              {fieldError('effect')}
              <input
                id={ID.effect}
                type="number"
                inputMode="numeric"
                min={1}
                value={effect}
                onChange={(e) => setEffect(e.target.value)}
                aria-invalid={errors.effect ? true : undefined}
                aria-describedby={described('effect', 'st-exp-effect-hint')}
              />
            </div>
            <p className="st-note" role="status">
              {planWords(perArm, days)}
            </p>
            <div className="st-actions">
              <button type="submit" className="st-button">
                Create experiment
              </button>
            </div>
          </>
        )}
      </form>
    </main>
  );
}
