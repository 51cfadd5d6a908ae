// The Funnel view: how each landing variant converts, step by step, over a date range
// and a campaign source, read from the portal's database (read-only). A chart and, beside it, a
// table with the same numbers; CSV export; and two variants compared with 95 % intervals and a
// p-value (decision 029). Loaded when opened (chart.js is not part of the Studio's first screen).
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { dayMonthYear } from '../../domain/dates';
import type { Campaign, Comparison, VariantFunnel, VariantId } from '../../domain/funnel-report';
import {
  daysIn,
  funnelCsv,
  funnelRows,
  lastDays,
  percent,
  pValue,
  variantKey,
  verdict,
} from '../model/funnel-view';
import { FunnelChart, Swatch } from './funnel-chart';
import { useStudioApi } from './studio-form-context';
import type { ComparisonData, FunnelData, FunnelQuery, LandingSummary } from './studio-api';

const ALL = '\u0000all';

const pageOf = (landings: LandingSummary[], id: VariantId) =>
  landings.find((l) => l.programme === id.programme && l.variantKey === id.variant);

/** A variant in words: its page's title and address, or its programme for a page that is gone. */
function namer(landings: LandingSummary[]): (id: VariantId) => string {
  return (id) => {
    const page = pageOf(landings, id);
    const address = page?.paths[0];
    return page
      ? `${page.title}${address ? ` (${address})` : ''}`
      : `A page no longer on the site (${id.programme})`;
  };
}

/** A UTM value in words: '' is a visit without one. */
const campaignWord = (value: string) => (value === '' ? 'None (direct or unknown)' : value);

/** The distinct values of one of a campaign's fields among those matching the earlier choices. */
function choices(campaigns: Campaign[], field: keyof Campaign, earlier: Partial<Campaign>): string[] {
  const matching = campaigns.filter((c) =>
    Object.entries(earlier).every(([k, v]) => v === undefined || c[k as keyof Campaign] === v),
  );
  return [...new Set(matching.map((c) => c[field]))].sort();
}

/** A chosen filter value, or undefined for "all". */
const chosen = (value: string) => (value === ALL ? undefined : value);

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function FunnelPage() {
  const api = useStudioApi();
  const [range, setRange] = useState(() => lastDays(new Date(), 28));
  const [source, setSource] = useState(ALL);
  const [medium, setMedium] = useState(ALL);
  const [campaign, setCampaign] = useState(ALL);
  const [campaigns, setCampaigns] = useState<Campaign[]>([]);
  const [programme, setProgramme] = useState(ALL);
  const [data, setData] = useState<FunnelData | null>(null);
  const [error, setError] = useState('');
  const [landings, setLandings] = useState<LandingSummary[]>([]);

  useEffect(() => {
    api.listFiles().then(
      (files) => setLandings(files.landings),
      () => undefined,
    );
  }, [api]);

  const rangeProblem =
    !range.from || !range.to
      ? 'Choose a first and a last day.'
      : range.from > range.to
        ? 'The first day must come before the last day.'
        : '';

  const filter = useMemo(
    () => ({
      ...range,
      ...(chosen(source) === undefined ? {} : { utmSource: source }),
      ...(chosen(medium) === undefined ? {} : { utmMedium: medium }),
      ...(chosen(campaign) === undefined ? {} : { utmCampaign: campaign }),
    }),
    [range, source, medium, campaign],
  );

  useEffect(() => {
    if (rangeProblem) return;
    const controller = new AbortController();
    api.funnel(filter, controller.signal).then(
      (answer) => {
        setError('');
        setData(answer);
        // The campaigns of the whole range (the server lists them unfiltered).
        if (answer.campaigns) setCampaigns(answer.campaigns);
      },
      (e: Error) => {
        if (e.name !== 'AbortError') setError(e.message);
      },
    );
    return () => controller.abort();
  }, [api, filter, rangeProblem]);

  const name = useMemo(() => namer(landings), [landings]);
  const all = data?.variants ?? [];
  const programmes = [...new Set(all.map((v) => v.programme))].sort();
  const shown = programme === ALL ? all : all.filter((v) => v.programme === programme);
  const rows = funnelRows(shown, name, (id) => pageOf(landings, id)?.paths[0] ?? '');
  const views = shown.reduce(
    (sum, v) => sum + (v.steps.find((s) => s.step === 'page_view')?.visitors ?? 0),
    0,
  );
  const demoViews = shown.reduce((sum, v) => sum + v.sandboxVisitors, 0);
  const campaignFilter = [
    ['source', source],
    ['medium', medium],
    ['campaign', campaign],
  ]
    .filter(([, value]) => value !== ALL)
    .map(([what, value]) => `${what} ${campaignWord(value ?? '')}`)
    .join(', ');
  const filterWords = `${dayMonthYear(range.from)} to ${dayMonthYear(range.to)}${
    campaignFilter ? `, ${campaignFilter}` : ''
  }`;

  return (
    <main id="main" className="st-main" tabIndex={-1}>
      <Link to="/">All pages</Link>
      <h1>Funnel: how each variant converts</h1>
      <p className="st-lead">
        Visitors who reached each step of the registration, per landing variant. Days are India days.
      </p>
      <form className="st-funnel-filters" onSubmit={(e) => e.preventDefault()} aria-label="Report filters">
        <div className="st-field">
          <label htmlFor="st-funnel-from">First day</label>
          <input
            id="st-funnel-from"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
            aria-invalid={rangeProblem ? true : undefined}
            aria-describedby={rangeProblem ? 'st-funnel-range-error' : undefined}
          />
        </div>
        <div className="st-field">
          <label htmlFor="st-funnel-to">Last day</label>
          <input
            id="st-funnel-to"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
            aria-invalid={rangeProblem ? true : undefined}
            aria-describedby={rangeProblem ? 'st-funnel-range-error' : undefined}
          />
        </div>
        <CampaignSelect
          id="st-funnel-source"
          label="Campaign source (UTM)"
          all="All sources"
          value={source}
          options={choices(campaigns, 'utmSource', {})}
          onChange={(value) => {
            setSource(value);
            setMedium(ALL);
            setCampaign(ALL);
          }}
        />
        <CampaignSelect
          id="st-funnel-medium"
          label="Medium (UTM)"
          all="All mediums"
          value={medium}
          options={choices(campaigns, 'utmMedium', { utmSource: chosen(source) })}
          onChange={(value) => {
            setMedium(value);
            setCampaign(ALL);
          }}
        />
        <CampaignSelect
          id="st-funnel-campaign"
          label="Campaign name (UTM)"
          all="All campaigns"
          value={campaign}
          options={choices(campaigns, 'utmCampaign', {
            utmSource: chosen(source),
            utmMedium: chosen(medium),
          })}
          onChange={setCampaign}
        />
        <div className="st-field">
          <label htmlFor="st-funnel-programme">Programme</label>
          <select id="st-funnel-programme" value={programme} onChange={(e) => setProgramme(e.target.value)}>
            <option value={ALL}>All programmes</option>
            {programmes.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="st-funnel-quick">
          {[7, 28, 90].map((days) => (
            <button
              key={days}
              type="button"
              className="st-button st-button--small st-button--secondary"
              onClick={() => setRange(lastDays(new Date(), days))}
            >
              Last {days} days
            </button>
          ))}
        </div>
      </form>
      {rangeProblem && (
        <p id="st-funnel-range-error" className="st-field-error">
          {rangeProblem}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      <p role="status" className="st-status-line">
        {!data
          ? 'Loading…'
          : data.unavailable
            ? data.unavailable
            : `${shown.length} ${shown.length === 1 ? 'variant' : 'variants'} with visits, ${filterWords} (${daysIn(range.from, range.to)} days), from ${data.source}.`}
      </p>
      {data?.variants && shown.length === 0 && (
        <p>No visits in this range. Try a longer range or all campaigns.</p>
      )}
      {demoViews > 0 && (
        <p className="st-note">
          These figures include demo visits made up by the sandbox ({demoViews.toLocaleString('en-IN')} of{' '}
          {views.toLocaleString('en-IN')} page views): do not read them as real results.
        </p>
      )}
      {shown.length > 0 && (
        <>
          <div className="st-funnel">
            <section aria-labelledby="st-funnel-chart-title">
              <h2 id="st-funnel-chart-title">Visitors at each step</h2>
              <FunnelChart variants={shown} name={name} />
            </section>
            <section aria-labelledby="st-funnel-table-title">
              <div className="st-funnel__table-head">
                <h2 id="st-funnel-table-title">The numbers</h2>
                <button
                  type="button"
                  className="st-button st-button--small st-button--secondary"
                  onClick={() =>
                    download(
                      `funnel-${range.from}-to-${range.to}.csv`,
                      funnelCsv(rows, { ...range, filter: campaignFilter || 'All campaigns' }),
                    )
                  }
                >
                  Download CSV
                </button>
              </div>
              {/* A box that scrolls: focusable, so a keyboard scrolls it too. */}
              <div
                className="st-table-wrap st-funnel__table"
                role="region"
                aria-labelledby="st-funnel-table-title"
                tabIndex={0}
              >
                <table className="st-table" aria-labelledby="st-funnel-table-title">
                  <thead>
                    <tr>
                      <th scope="col">Step</th>
                      <th scope="col">Visitors</th>
                      <th scope="col">From previous step</th>
                      <th scope="col">From page view</th>
                      <th scope="col">Median time from previous step</th>
                    </tr>
                  </thead>
                  {shown.map((v, i) => (
                    <tbody key={variantKey(v)}>
                      <tr>
                        <th scope="colgroup" colSpan={5} className="st-funnel__variant">
                          <Swatch index={i} />
                          {name(v)}
                        </th>
                      </tr>
                      {rows
                        .filter((r) => r.variant === name(v))
                        .map((r) => (
                          <tr key={r.step}>
                            <th scope="row">{r.step}</th>
                            <td>{r.visitors.toLocaleString('en-IN')}</td>
                            <td>{r.fromPrevious}</td>
                            <td>{r.fromView}</td>
                            <td>{r.median}</td>
                          </tr>
                        ))}
                    </tbody>
                  ))}
                </table>
              </div>
            </section>
          </div>
          <CompareVariants variants={shown} name={name} query={filter} />
        </>
      )}
    </main>
  );
}

function CompareVariants({
  variants,
  name,
  query,
}: {
  variants: VariantFunnel[];
  name: (id: VariantId) => string;
  query: FunnelQuery;
}) {
  const api = useStudioApi();
  const keys = variants.map(variantKey);
  const [a, setA] = useState(keys[0] ?? '');
  const [b, setB] = useState(keys[1] ?? '');
  const [answer, setAnswer] = useState<ComparisonData | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const byKey = new Map(variants.map((v) => [variantKey(v), v]));
  const va = byKey.get(a);
  const vb = byKey.get(b);
  const problem =
    variants.length < 2
      ? 'Two variants with visits are needed to compare.'
      : a === b
        ? 'Choose two different variants.'
        : '';

  const compare = async () => {
    if (!va || !vb) return;
    setBusy(true);
    setError('');
    try {
      setAnswer(await api.compareVariants(query, va, vb));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="st-compare-title" className="st-compare">
      <h2 id="st-compare-title">Compare two variants</h2>
      <p className="st-help">
        Page view → registered (and → paid for a paid programme), each with its 95 % range, and the chance
        that a difference this large is luck (a two-proportion test).
      </p>
      <div className="st-funnel-filters">
        <div className="st-field">
          <label htmlFor="st-compare-a">Variant A</label>
          <select id="st-compare-a" value={a} onChange={(e) => setA(e.target.value)}>
            {variants.map((v) => (
              <option key={variantKey(v)} value={variantKey(v)}>
                {name(v)}
              </option>
            ))}
          </select>
        </div>
        <div className="st-field">
          <label htmlFor="st-compare-b">Variant B</label>
          <select
            id="st-compare-b"
            value={b}
            onChange={(e) => setB(e.target.value)}
            aria-invalid={problem && variants.length >= 2 ? true : undefined}
            aria-describedby={problem ? 'st-compare-problem' : undefined}
          >
            {variants.map((v) => (
              <option key={variantKey(v)} value={variantKey(v)}>
                {name(v)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button
            type="button"
            className="st-button"
            onClick={() => void compare()}
            disabled={Boolean(problem) || busy}
          >
            {busy ? 'Comparing…' : 'Compare'}
          </button>
        </div>
      </div>
      {problem && (
        <p id="st-compare-problem" className="st-field-error">
          {problem}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      <div role="status">
        {answer?.unavailable && <p>{answer.unavailable}</p>}
        {answer?.comparison && (
          <ComparisonTable
            rows={[
              { what: 'Page view → registered', comparison: answer.comparison.registered },
              // Free programmes have no payment: no paid row when neither variant has one.
              ...(hasPaid(va) || hasPaid(vb)
                ? [{ what: 'Page view → paid', comparison: answer.comparison.paid }]
                : []),
            ]}
            a={name(answer.comparison.a)}
            b={name(answer.comparison.b)}
          />
        )}
      </div>
    </section>
  );
}

const hasPaid = (v: VariantFunnel | undefined) => v?.steps.some((s) => s.step === 'paid') ?? false;

/** One of the campaign filters: "all", or one of the values the range's visits had. */
function CampaignSelect({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="st-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={ALL}>{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {campaignWord(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ComparisonTable({
  rows,
  a,
  b,
}: {
  rows: { what: string; comparison: Comparison }[];
  a: string;
  b: string;
}) {
  const cell = (side: Comparison['a']) =>
    side.rate === null
      ? 'No page views'
      : `${percent(side.rate)} (${side.x.toLocaleString('en-IN')} of ${side.n.toLocaleString('en-IN')}; 95 % range ${percent(side.interval.low)} to ${percent(side.interval.high)})`;
  return (
    <div className="st-table-wrap">
      <table className="st-table">
        <caption className="st-caption">
          A: {a}. B: {b}.
        </caption>
        <thead>
          <tr>
            <th scope="col">Conversion</th>
            <th scope="col">A</th>
            <th scope="col">B</th>
            <th scope="col" className="st-figure">
              p-value
            </th>
            <th scope="col">What it says</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ what, comparison }) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td>{cell(comparison.a)}</td>
              <td>{cell(comparison.b)}</td>
              <td>{comparison.enough ? pValue(comparison.p) : '–'}</td>
              <td>{verdict(comparison, 'A', 'B', what.toLowerCase())}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
