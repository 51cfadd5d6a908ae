// Sample papers (part 2 §2 "Sample exam card", "Mock payment card"): the sample cards beside the
// mock pack's promo (not bought) or beside the mock paper list (bought).
import { useId } from 'react';
import type { ExamData } from '../../../generated/api/dashboard';
import { testButtonState } from '../../../domain/test-buttons';
import { launchKey } from '../../../machines/test-launch-machine';
import type { DashboardBlockComponent, PortalContext } from '../portal-context';
import { LaunchNotice } from './mock-jee-parts';

interface PaperCard {
  card_title: string;
  exam_end_date: string;
  card_description?: string;
  exam_button_text: string;
  view_report: 0 | 1;
  report_link: string;
  isLocked?: boolean;
  exam_data: ExamData;
}

function Paper({ card, context }: { card: PaperCard; context: PortalContext }) {
  const { t, actions, launch } = context;
  const key = launchKey(card.exam_data);
  const busy = launch.busy && launch.code === key;
  const locked = card.isLocked === true;
  // Missed, Upcoming and the like open nothing (part 2 §4): shown inactive, with the reason.
  const inactive = testButtonState(card.exam_data.state) === 'disabled';
  const whyId = `${useId()}-why`;
  // The card's own button already opens the report once the paper's result is out: one button.
  const opensResult = testButtonState(card.exam_data.state) === 'result';
  return (
    <li className={`ef-dash-paper${locked ? ' is-locked' : ''}`}>
      <h3>{card.card_title}</h3>
      <p className="ef-dash-note">{t('portal.paper.validTill', { date: card.exam_end_date })}</p>
      {card.card_description ? <p>{card.card_description}</p> : null}
      <div className="ef-dash-actions">
        {locked ? (
          <p className="ef-dash-locked">{t('portal.paper.locked')}</p>
        ) : (
          <>
            <button
              type="button"
              className="ef-button"
              disabled={launch.busy || inactive}
              aria-busy={busy || undefined}
              aria-describedby={inactive ? whyId : undefined}
              onClick={() => actions.launchPaper(card.exam_data)}
            >
              {busy ? t('testLaunch.opening') : card.exam_button_text}
            </button>
            {inactive ? (
              <p id={whyId} className="ef-why">
                {t('portal.paper.inactive')}
              </p>
            ) : null}
          </>
        )}
        {card.view_report === 1 && card.report_link && !opensResult ? (
          <a
            className="ef-button ef-button--secondary"
            href={card.report_link}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('portal.paper.viewReport')}
          </a>
        ) : null}
      </div>
      <LaunchNotice context={context} launchedKey={key} result={opensResult} />
    </li>
  );
}

function MockPromo({ context }: { context: PortalContext }) {
  const { t, config, actions, mockPaymentBusy, mockPackMethod } = context;
  const { payment, fee } = config.samplePack;
  const name = useId();
  return (
    <section className="ef-dash-promo" aria-labelledby="promo-heading">
      <h3 id="promo-heading">{t('portal.mock.title')}</h3>
      <p>{t('portal.mock.set', { papers: fee.papers ?? 4 })}</p>
      <p>{t('portal.mock.chances')}</p>
      <fieldset>
        <legend>{t('portal.mock.method')}</legend>
        {payment.methods.map((option) => (
          <label key={option.value} className="ef-dash-radio">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={mockPackMethod === option.value}
              onChange={() => actions.chooseMockPackMethod(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="ef-button"
        disabled={mockPaymentBusy}
        aria-busy={mockPaymentBusy || undefined}
        onClick={() => actions.buyMockPack()}
      >
        {mockPaymentBusy ? t('portal.opening') : t('portal.mock.buy', { amount: fee.amount })}
      </button>
    </section>
  );
}

export const SamplePapers: DashboardBlockComponent = ({ context }) => {
  const { data, t, facts } = context;
  if (data.sample_exam.length === 0 && data.mock_exam.length === 0) return null;
  return (
    <section className="ef-section ef-dash-samples" aria-labelledby="samples-heading">
      <h2 id="samples-heading">{data.static_data.sample_heading || t('portal.samples.heading')}</h2>
      <div className="ef-dash-samples__grid">
        <ul className="ef-dash-papers">
          {data.sample_exam.map((card) => (
            <Paper key={card.exam_data.exam_short_code} card={card} context={context} />
          ))}
          {data.mock_exam.map((card) => (
            <Paper key={card.exam_data.exam_short_code} card={card} context={context} />
          ))}
        </ul>
        {facts.mockPurchased ? null : <MockPromo context={context} />}
      </div>
    </section>
  );
};
