// Pieces the MOCK-JEE blocks share: a series' papers with their buttons (part 2 §4 "Test launch"),
// what a launch left to say beside its button, the status badge and the 1 s clock of the countdown.
import { useEffect, useId, useState } from 'react';
import type { MockJeeSeries } from '../../../generated/api/dashboard';
import { indiaDateTime } from '../../../domain/dates';
import { seriesPaperStates, testButtonState } from '../../../domain/test-buttons';
import { messageText } from '../../../machines/message';
import { launchKey } from '../../../machines/test-launch-machine';
import type { PortalContext } from '../portal-context';

export function StatusBadge({ status, t }: { status: MockJeeSeries['status']; t: PortalContext['t'] }) {
  return (
    <span className={`ef-jee-status ef-jee-status--${status.toLowerCase()}`}>
      {t(`mockJee.status.${status}`)}
    </span>
  );
}

/** 18:00 → 6 PM, 18:30 → 6:30 PM (the spec writes "from 6 PM"). */
export function hourLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The blocked-tab link or the failure message of the launch this button made, if it made the last one. */
export function LaunchNotice({
  context,
  launchedKey,
  result,
}: {
  context: PortalContext;
  launchedKey: string;
  result: boolean;
}) {
  const { launch, t } = context;
  if (launch.busy || launch.code !== launchedKey) return null;
  if (launch.blockedUrl)
    return (
      <p className="ef-jee-notice" role="status">
        {t('testLaunch.blocked')}{' '}
        <a href={launch.blockedUrl} target="_blank" rel="noopener noreferrer">
          {t(result ? 'testLaunch.openResult' : 'testLaunch.openTest')}
        </a>
      </p>
    );
  if (launch.error)
    return (
      <p className="ef-jee-notice ef-jee-notice--error" role="alert">
        {messageText(t, launch.error)}
      </p>
    );
  return null;
}

/** A series' papers: Begin Test, View Result or a disabled button, by each paper's state; papers after the first open one wait. */
export function PaperList({ series, context }: { series: MockJeeSeries; context: PortalContext }) {
  const { t, launch, actions, config } = context;
  const states = seriesPaperStates(series.papers.map((paper) => paper.exam_data.state));
  const id = useId();
  return (
    <ul className="ef-jee-papers">
      {series.papers.map((paper, i) => {
        const state = states[i] ?? 'disabled';
        const key = launchKey(paper.exam_data);
        const busy = launch.busy && launch.code === key;
        // Disabled by the order rule, not by its own state: say why.
        const waits = state === 'disabled' && testButtonState(paper.exam_data.state) !== 'disabled';
        const opens = indiaDateTime(paper.start_time, config.locale);
        const whyId = `${id}-why-${i}`;
        return (
          <li key={key} className="ef-jee-paper">
            <div className="ef-jee-paper__text">
              <span className="ef-jee-paper__name">{paper.name}</span>
              {opens ? (
                <span className="ef-jee-paper__when">
                  {t('mockJee.paperOpens', { date: opens.date, time: opens.time })}
                </span>
              ) : null}
            </div>
            <button
              type="button"
              className={`ef-button${state === 'result' ? ' ef-button--secondary' : ''}`}
              disabled={state === 'disabled' || launch.busy}
              aria-busy={busy || undefined}
              aria-describedby={waits ? whyId : undefined}
              onClick={() => actions.launchPaper(paper.exam_data)}
            >
              {busy ? t('testLaunch.opening') : paper.btn_txt}
            </button>
            {waits ? (
              <p id={whyId} className="ef-why ef-jee-paper__why">
                {t('mockJee.paperWaits')}
              </p>
            ) : null}
            <LaunchNotice context={context} launchedKey={key} result={state === 'result'} />
          </li>
        );
      })}
    </ul>
  );
}

/** Milliseconds left until `until`, updated every second, no longer ticking once it is 0. */
export function useTimeLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, until - now);
  const running = left > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
