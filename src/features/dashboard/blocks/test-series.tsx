// MOCK-JEE 'Test Series' (part 2 §2 "Mock carousel", §4 "Mock JEE live test and results"): a
// circular carousel of the series' cards (serial number, title, dates, status; upcoming ones
// locked). A card expands to list its papers with their buttons, and once results exist says
// 'Detailed Result will be available from 6 PM'. Swipe or Previous / Next move it, with a 500 ms
// slide that prefers-reduced-motion turns off. Without series: the spec's empty-state text.
import { useEffect, useId, useRef, useState, type TouchEvent } from 'react';
import type { MockJeeSeries } from '../../../generated/api/dashboard';
import { indiaDateTime } from '../../../domain/dates';
import type { DashboardBlockComponent, PortalContext } from '../portal-context';
import { reducedMotion } from '../../../ui/motion';
import { hourLabel, PaperList, StatusBadge } from './mock-jee-parts';
import './mock-jee.css';

/** Part 2 §9: carousel swipe 500 ms. */
export const SWIPE_MS = 500;
/** How far a finger must travel to count as a swipe. */
const SWIPE_PX = 40;
/** Cards side by side by width (the spec's 768 and 992 px breakpoints). */
const PER_VIEW: ReadonlyArray<[query: string, cards: number]> = [
  ['(min-width: 992px)', 3],
  ['(min-width: 768px)', 2],
];

function perViewNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  return PER_VIEW.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1;
}

/** How many cards fit side by side, following the window's width. */
function usePerView(): number {
  const [perView, setPerView] = useState(perViewNow);
  useEffect(() => {
    if (typeof window === 'undefined' || !window.matchMedia) return undefined;
    const lists = PER_VIEW.map(([query]) => window.matchMedia(query));
    const update = () => setPerView(perViewNow());
    lists.forEach((list) => list.addEventListener('change', update));
    return () => lists.forEach((list) => list.removeEventListener('change', update));
  }, []);
  return perView;
}

/** The card to show first: the ongoing test, else the next one, else the first. */
export function firstCard(series: readonly MockJeeSeries[]): number {
  const at = (status: MockJeeSeries['status']) => series.findIndex((s) => s.status === status);
  const ongoing = at('Ongoing');
  if (ongoing !== -1) return ongoing;
  const upcoming = at('Upcoming');
  return upcoming === -1 ? 0 : upcoming;
}

/** The cards in view, from `index` on, wrapping round (circular). */
export const cardsInView = (index: number, perView: number, total: number): number[] =>
  Array.from({ length: Math.min(perView, total) }, (_, k) => (index + k) % total);

function SeriesCard({
  series,
  number,
  expanded,
  onToggle,
  context,
}: {
  series: MockJeeSeries;
  number: number;
  expanded: boolean;
  onToggle: () => void;
  context: PortalContext;
}) {
  const { t, config, now } = context;
  const papersId = useId();
  const locked = series.status === 'Upcoming';
  const opens = indiaDateTime(series.start_time, config.locale);
  const closes = indiaDateTime(series.end_time, config.locale);
  const detailedFrom = config.programme.windows.detailedResultFrom;
  return (
    <article className={`ef-jee-card ef-jee-series${locked ? ' ef-jee-series--locked' : ''}`}>
      <p className="ef-jee-series__number">{t('mockJee.testNumber', { number })}</p>
      <h3>{series.series_name}</h3>
      <p>
        <StatusBadge status={series.status} t={t} />
      </p>
      {locked ? (
        <>
          <p className="ef-jee-locked">
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z" fill="currentColor" />
            </svg>{' '}
            {t('mockJee.locked')}
          </p>
          {opens ? <p>{t('mockJee.opensOn', { date: opens.date, time: opens.time })}</p> : null}
        </>
      ) : (
        <>
          {closes ? <p>{t('mockJee.closesOn', { date: closes.date, time: closes.time })}</p> : null}
          <button
            type="button"
            className="ef-jee-disclosure"
            aria-expanded={expanded}
            aria-controls={papersId}
            onClick={onToggle}
          >
            {t('mockJee.viewPapers')}
          </button>
          <div id={papersId} hidden={!expanded}>
            <PaperList series={series} context={context} />
            {/* Only while the detailed result is still to come (the server dates it). */}
            {series.status === 'Results' &&
            detailedFrom &&
            series.detailed_result_at &&
            now.getTime() < Date.parse(series.detailed_result_at) ? (
              <p className="ef-jee-note">{t('mockJee.detailedResult', { time: hourLabel(detailedFrom) })}</p>
            ) : null}
          </div>
        </>
      )}
    </article>
  );
}

export const TestSeries: DashboardBlockComponent = ({ context }) => {
  const { t, data } = context;
  const series = data.mock_jee_series;
  const headingId = useId();
  const trackId = useId();
  const perView = usePerView();
  const [index, setIndex] = useState(() => firstCard(series));
  // The ongoing test's papers are open from the start; the student opens the others.
  const [open, setOpen] = useState<ReadonlySet<number>>(
    () => new Set(series.flatMap((s, i) => (s.status === 'Ongoing' ? [i] : []))),
  );
  // What a screen reader hears after Previous / Next (and only then): the card now first in view.
  const [announce, setAnnounce] = useState('');
  const track = useRef<HTMLDivElement>(null);
  const touchX = useRef<number | null>(null);
  const total = series.length;

  if (total === 0)
    return (
      <section className="ef-section ef-jee-series-block" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('mockJee.seriesHeading')}</h2>
        <p className="ef-jee-empty">{t('mockJee.empty')}</p>
      </section>
    );

  const move = (by: 1 | -1) => {
    const next = (index + by + total) % total;
    setIndex(next);
    setAnnounce(`${series[next]?.series_name ?? ''}, ${t('carousel.slide', { current: next + 1, total })}`);
    const el = track.current;
    // Web Animations: no remount (focus and open cards stay), nothing under reduced motion.
    if (el && typeof el.animate === 'function' && !reducedMotion()) {
      el.animate(
        [
          { transform: `translateX(${by * 30}%)`, opacity: 0.3 },
          { transform: 'none', opacity: 1 },
        ],
        {
          duration: SWIPE_MS,
          easing: 'ease-out',
        },
      );
    }
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    move(end < start ? 1 : -1);
  };
  const toggle = (i: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  const shown = cardsInView(index, perView, total);
  const heading = t('mockJee.seriesHeading');

  return (
    <section className="ef-section ef-jee-series-block" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <div
        className="ef-jee-carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label={t('carousel.label', { heading })}
      >
        {total > perView ? (
          <div className="ef-jee-carousel__controls">
            <button
              type="button"
              className="ef-jee-carousel__arrow"
              aria-controls={trackId}
              aria-label={t('carousel.previous')}
              onClick={() => move(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="ef-jee-carousel__arrow"
              aria-controls={trackId}
              aria-label={t('carousel.next')}
              onClick={() => move(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
        <p className="ef-visually-hidden" aria-live="polite">
          {announce}
        </p>
        <div className="ef-jee-carousel__viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          <div
            id={trackId}
            ref={track}
            className={`ef-jee-carousel__track ef-jee-carousel__track--${Math.min(perView, total)}`}
          >
            {shown.map((i) => {
              const item = series[i] as MockJeeSeries;
              return (
                <div
                  key={i}
                  className="ef-jee-carousel__slide"
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('carousel.slide', { current: i + 1, total })}
                >
                  <SeriesCard
                    series={item}
                    number={i + 1}
                    expanded={open.has(i)}
                    onToggle={() => toggle(i)}
                    context={context}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
};
