// The result view (part 1 §2 "Result page"): the action bar (RESULT; SCORE CARD & ANALYSIS on
// mobile only; Print), page 1 (the message and the result table), the counselling and scholarship
// page, the analysis (score card, column chart, preparation level, relative performance) when
// analysis_tab_status is true, else the visit-the-branch message, and the trailing pages (brochure,
// map, and a checklist for a qualified student). On a wide screen every page shows one after the
// other; on a phone RESULT and SCORE CARD & ANALYSIS switch between them. Print prints every page,
// the analysis too when it is open, with the name and PSID as the document's title.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { showExamDate } from '../../domain/dates';
import { telHref } from '../../domain/phone';
import type { Translate, StringKey } from '../../engine/i18n';
import type { ResultData } from '../../generated/api/result';
import { ErrorBoundary } from '../../ui/error-boundary';
import { safeHtml } from '../../ui/safe-html';
import {
  chartSeries,
  isQualified,
  printTitle,
  scholarshipPercent,
  splitCell,
  type ChartSeries,
  type ResultConfig,
} from './result-model';

const ResultChart = lazy(() => import('./result-chart'));

/** The phone layout's widest screen (site.landing.mobileBreakpointPx, part 1 §9). */
const WIDE = '(min-width: 768px)';
/** Print does not wait longer than this for the chart to draw. */
const CHART_WAIT_MS = 3000;

export interface BackLink {
  href: string;
  label: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

type Tab = 'result' | 'analysis';

function useWideScreen(): boolean {
  // Without matchMedia (an old browser, a test), the phone layout: it asks for the least.
  const [wide, setWide] = useState(() =>
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE).matches : false,
  );
  useEffect(() => {
    if (!window.matchMedia) return;
    const query = window.matchMedia(WIDE);
    const change = () => setWide(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}

const DETAIL_ROWS: Array<[StringKey, (d: ResultData) => string | undefined]> = [
  ['result.details.name', (d) => d.Name],
  ['result.details.fatherName', (d) => d.Fname],
  ['result.details.rollNumber', (d) => d.rollno],
  ['result.details.psid', (d) => d.PSID || 'NA'],
  ['result.details.classOpted', (d) => d.ClassOpted],
  ['result.details.classStudying', (d) => d.ClassStudying],
  ['result.details.stream', (d) => d.stream],
  ['result.details.score', (d) => (d.OverallScorePercentage ? `${d.OverallScorePercentage}%` : undefined)],
  ['result.details.status', (d) => d.Status],
  ['result.details.scholarship', (d) => (scholarshipPercent(d) ? `${scholarshipPercent(d)}%` : undefined)],
  ['result.details.rank', (d) => d.rank_to_check_in_template],
];

function ResultPage({ data, t, test }: { data: ResultData; t: Translate; test: string }) {
  const rows = DETAIL_ROWS.map(([key, read]) => [key, read(data)?.trim()] as const).filter(
    (row): row is readonly [StringKey, string] => Boolean(row[1]),
  );
  return (
    <section className="ef-result-page ef-result-page--result" aria-labelledby="result-page-heading">
      <h2 id="result-page-heading">{t('result.details.caption')}</h2>
      {data.result_message ? (
        <div
          className="ef-result-message"
          dangerouslySetInnerHTML={{ __html: safeHtml(data.result_message) }}
        />
      ) : null}
      <table
        className="ef-result-table ef-result-details"
        aria-label={`${test}: ${t('result.details.caption')}`}
      >
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{t(key)}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A sentence with a link where its placeholder stands ('… call your branch: {phone}'). */
export function TextWithLink({ text, slot, children }: { text: string; slot: string; children: ReactNode }) {
  const [before, after = ''] = text.split(slot);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}

function CounsellingPage({ data, t }: { data: ResultData; t: Translate }) {
  const percent = scholarshipPercent(data);
  const phone = data.branch_contact_info?.phone_no?.trim();
  // The digital-only branch (IC006) has no branch to visit: no branch visit, the team's number.
  const digital = data.digital_only === true;
  const options: Array<[StringKey, StringKey]> = [
    ['result.counselling.video', 'result.counselling.videoText'],
    ['result.counselling.house', 'result.counselling.houseText'],
    ...(digital
      ? []
      : [['result.counselling.branch', 'result.counselling.branchText'] as [StringKey, StringKey]]),
  ];
  return (
    <section className="ef-result-page ef-result-page--result" aria-labelledby="result-counselling-heading">
      <h2 id="result-counselling-heading">{t('result.counselling.heading')}</h2>
      <p className="ef-result-lead">
        {percent ? t('result.counselling.scholarship', { percent }) : t('result.counselling.noScholarship')}
      </p>
      {percent && data.scholarship_offline_test_by ? (
        <p className="ef-result-lead">
          {t(digital ? 'result.offlineTestDigital' : 'result.offlineTest', {
            percent,
            date: showExamDate(data.scholarship_offline_test_by),
          })}
        </p>
      ) : null}
      <p>{t('result.counselling.intro')}</p>
      <ul className="ef-result-options">
        {options.map(([title, text]) => (
          <li key={title}>
            <h3>{t(title)}</h3>
            <p>{t(text)}</p>
          </li>
        ))}
      </ul>
      {phone ? (
        <p className="ef-result-call">
          <TextWithLink
            text={t(digital ? 'result.counselling.callUs' : 'result.counselling.call')}
            slot="{phone}"
          >
            <a href={telHref(phone)}>{phone}</a>
          </TextWithLink>
        </p>
      ) : null}
      {data.analysis_tab_status ? null : <p className="ef-result-note">{t('result.analysis.closed')}</p>}
    </section>
  );
}

/** The chart's text alternative: the same numbers, one row per subject. */
export function ChartTable({ series, t }: { series: ChartSeries; t: Translate }) {
  return (
    <table className="ef-result-table">
      <caption>{t('result.chart.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('result.chart.subject')}</th>
          {series.datasets.map((set) => (
            <th scope="col" key={set.label}>
              {set.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {series.labels.map((subject, i) => (
          <tr key={subject}>
            <th scope="row">{subject}</th>
            {series.datasets.map((set) => (
              <td key={set.label}>{(set.data[i] ?? 0).toFixed(1)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ScoreCard({ data, t }: { data: ResultData; t: Translate }) {
  const head = data.score_th ?? [];
  const rows = data.score ?? [];
  if (!rows.length) return null;
  // Wider than a phone: it scrolls inside its own box (a named region keys can scroll), not the page.
  return (
    <div className="ef-result-scroll" role="region" aria-label={t('result.scoreCard.caption')} tabIndex={0}>
      <table className="ef-result-table ef-result-scorecard">
        <caption>{t('result.scoreCard.caption')}</caption>
        {head.length ? (
          <thead>
            <tr>
              {head.map((cell, i) => (
                <th scope="col" key={i}>
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th scope="row" key={i}>
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Relative performance: a table per subject, each 'value=label' cell a row (label, value). */
function RelativePerformance({ data, t }: { data: ResultData; t: Translate }) {
  const rows = (data.rpa ?? []).filter((row) => row.length > 1);
  if (!rows.length) return null;
  const head = data.rpa_th ?? [];
  return (
    <>
      <h3>{t('result.relative.heading')}</h3>
      <div className="ef-result-rpa">
        {rows.map((row, r) => (
          <table className="ef-result-table" key={r}>
            <caption>{row[0]}</caption>
            <tbody>
              {row.slice(1).map((cell, i) => {
                const { value, label } = splitCell(cell, head[i + 1]);
                return (
                  <tr key={i}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
    </>
  );
}

function AnalysisPages({
  data,
  t,
  showChart,
  onChartDrawn,
}: {
  data: ResultData;
  t: Translate;
  showChart: boolean;
  onChartDrawn: () => void;
}) {
  const series = chartSeries(data);
  return (
    <>
      <section
        className="ef-result-page ef-result-page--analysis"
        aria-labelledby="result-analysis-heading"
        id="result-analysis"
        tabIndex={-1}
      >
        <h2 id="result-analysis-heading">{t('result.analysis.heading')}</h2>
        <ScoreCard data={data} t={t} />
        {series ? (
          <figure className="ef-result-chart" aria-labelledby="result-chart-heading">
            <h3 id="result-chart-heading">{t('result.chart.heading')}</h3>
            {showChart ? (
              // A chart that does not load (a flaky network) leaves its table, not a broken page.
              <ErrorBoundary name="the result chart" fallback={null}>
                <Suspense
                  fallback={
                    <p role="status" className="ef-result-chart__pending">
                      {t('result.chart.loading')}
                    </p>
                  }
                >
                  <ResultChart series={series} label={t('result.chart.label')} onDrawn={onChartDrawn} />
                </Suspense>
              </ErrorBoundary>
            ) : null}
            <details className="ef-result-chart__data">
              <summary>{t('result.chart.tableCaption')}</summary>
              <ChartTable series={series} t={t} />
            </details>
            {/* Printed in the chart's place when there is no chart (print only, so read once). */}
            <div className="ef-result-chart__fallback" aria-hidden="true">
              <ChartTable series={series} t={t} />
            </div>
          </figure>
        ) : null}
      </section>
      <section
        className="ef-result-page ef-result-page--analysis"
        aria-labelledby="result-preparation-heading"
      >
        <h3 id="result-preparation-heading">{t('result.preparation.heading')}</h3>
        {data.PreparationLevelText ? (
          <p className="ef-result-preparation">{data.PreparationLevelText}</p>
        ) : null}
        <RelativePerformance data={data} t={t} />
      </section>
    </>
  );
}

function TrailingPages({ data, config, t }: { data: ResultData; config: ResultConfig; t: Translate }) {
  const page = config.resultPage;
  if (!page) return null;
  return (
    <>
      <section className="ef-result-page ef-result-page--trailing" aria-labelledby="result-brochure-heading">
        <h2 id="result-brochure-heading">{t('result.brochure.heading')}</h2>
        <div className="ef-result-brochure">
          {page.brochure.map((image) => (
            <img
              key={image.src}
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              decoding="async"
            />
          ))}
        </div>
      </section>
      <section className="ef-result-page ef-result-page--trailing" aria-labelledby="result-map-heading">
        <h2 id="result-map-heading">{t('result.map.heading')}</h2>
        {page.mapLink ? (
          <a href={page.mapLink} className="ef-result-map">
            <img src={page.map.src} alt={page.map.alt} width={page.map.width} height={page.map.height} />
          </a>
        ) : (
          <img
            className="ef-result-map"
            src={page.map.src}
            alt={page.map.alt}
            width={page.map.width}
            height={page.map.height}
          />
        )}
        {isQualified(data) ? (
          <div className="ef-result-checklist">
            <h2>{t('result.checklist.heading')}</h2>
            <p>{t('result.checklist.intro')}</p>
            <ul>
              {page.checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </>
  );
}

export function ResultView({
  data,
  config,
  t,
  back,
}: {
  data: ResultData;
  config: ResultConfig;
  t: Translate;
  back?: BackLink;
}) {
  const wide = useWideScreen();
  const [tab, setTab] = useState<Tab>('result');
  const [printing, setPrinting] = useState(false);
  const analysis = data.analysis_tab_status === true;
  const hasChart = analysis && chartSeries(data) !== null;
  // The chart's script loads only when the analysis is on screen (or printed).
  const [chartWanted, setChartWanted] = useState(false);
  const chartDrawn = useRef<{ done: boolean; wait: Array<() => void> }>({ done: false, wait: [] });
  const test = data.test_name?.trim() || config.programme.shortName;
  const title = printTitle(data);

  // Once wanted, the chart stays (a state adjusted while rendering, not in an effect).
  if (hasChart && !chartWanted && (wide || tab === 'analysis' || printing)) setChartWanted(true);

  const onChartDrawn = useCallback(() => {
    chartDrawn.current.done = true;
    for (const resolve of chartDrawn.current.wait.splice(0)) resolve();
  }, []);

  // The browser's own Print (Ctrl+P) gets the same title and pages as the Print button.
  useEffect(() => {
    let saved: string | null = null;
    const before = () => {
      saved = document.title;
      if (title) document.title = title;
      flushSync(() => setPrinting(true));
    };
    const after = () => {
      if (saved !== null) document.title = saved;
      saved = null;
      setPrinting(false);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [title]);

  const print = async () => {
    setPrinting(true);
    if (hasChart && !chartDrawn.current.done) {
      setChartWanted(true);
      await new Promise<void>((resolve) => {
        chartDrawn.current.wait.push(resolve);
        window.setTimeout(resolve, CHART_WAIT_MS);
      });
    }
    // Chrome's print() returns when the dialog closes; the title is the candidate's until then.
    const saved = document.title;
    if (title) document.title = title;
    try {
      window.print();
    } finally {
      document.title = saved;
      setPrinting(false);
    }
  };

  const show = (next: Tab) => {
    setTab(next);
    if (next === 'analysis') requestAnimationFrame(() => document.getElementById('result-analysis')?.focus());
  };

  return (
    <div className={`ef-result ef-result--tab-${tab}${printing ? ' ef-result--printing' : ''}`}>
      <header className="ef-result-head">
        <h1>{t('result.page.heading', { test })}</h1>
        {data.Name ? (
          <p className="ef-result-who">{[data.Name, data.rollno, data.PSID].filter(Boolean).join(' · ')}</p>
        ) : null}
      </header>
      <div className="ef-result-actions" role="group" aria-label={t('result.actions')}>
        {back ? (
          <a className="ef-result-actions__back" href={back.href} onClick={back.onClick}>
            {back.label}
          </a>
        ) : null}
        <button
          type="button"
          className="ef-button ef-button--secondary"
          aria-pressed={wide ? undefined : tab === 'result'}
          onClick={() => {
            show('result');
            if (wide) document.getElementById('result-page-heading')?.scrollIntoView();
          }}
        >
          {t('result.tab.result')}
        </button>
        {analysis ? (
          <button
            type="button"
            className="ef-button ef-button--secondary ef-result-actions__analysis"
            aria-pressed={tab === 'analysis'}
            onClick={() => show('analysis')}
          >
            {t('result.tab.analysis')}
          </button>
        ) : null}
        <button type="button" className="ef-button ef-result-actions__print" onClick={() => void print()}>
          {t('result.print')}
        </button>
      </div>
      <ResultPage data={data} t={t} test={test} />
      <CounsellingPage data={data} t={t} />
      {analysis ? (
        <AnalysisPages data={data} t={t} showChart={chartWanted} onChartDrawn={onChartDrawn} />
      ) : null}
      <TrailingPages data={data} config={config} t={t} />
    </div>
  );
}
