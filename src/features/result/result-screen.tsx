// The result page's states (part 1 §4, §8): loading; the result-not-ready screen (the error's
// message or 'Something went wrong!', the support e-mail and the 4-hour note); an answer without
// data or with a failure message (that message as sanitised HTML); 'Your result would be available
// soon.'; or the result view.
import type { ReactNode } from 'react';
import { showDateTime } from '../../domain/dates';
import type { Translate } from '../../engine/i18n';
import { safeHtml } from '../../ui/safe-html';
import type { ResultConfig, ResultState } from './result-model';
import { ResultView, TextWithLink, type BackLink } from './result-view';

export interface ResultScreenProps {
  state: ResultState;
  config: ResultConfig;
  t: Translate;
  /** In the logged-in app: the way back to the dashboard. */
  back?: BackLink;
}

function BackTo({ back }: { back?: BackLink }) {
  return back ? (
    <p className="ef-result-back">
      <a href={back.href} onClick={back.onClick}>
        {back.label}
      </a>
    </p>
  ) : null;
}

function Card({ heading, children, back }: { heading: string; children: ReactNode; back?: BackLink }) {
  return (
    <section className="ef-result-card" aria-labelledby="result-state-heading">
      <h1 id="result-state-heading">{heading}</h1>
      {children}
      <BackTo back={back} />
    </section>
  );
}

function SupportNote({ config, t }: { config: ResultConfig; t: Translate }) {
  const email = config.programme.support.email;
  return (
    <p>
      <TextWithLink text={t('result.notReady.support')} slot="{email}">
        <a href={`mailto:${email}`}>{email}</a>
      </TextWithLink>
    </p>
  );
}

export function ResultScreen({ state, config, t, back }: ResultScreenProps) {
  switch (state.status) {
    case 'loading':
      return (
        <section className="ef-result-card" aria-labelledby="result-state-heading" aria-busy="true">
          <h1 id="result-state-heading">{t('result.heading')}</h1>
          <p role="status" className="ef-result-loading">
            <span className="ef-loader__spinner" aria-hidden="true" />
            {t('result.loading')}
          </p>
        </section>
      );
    case 'error':
      return (
        <Card heading={t('result.notReady.heading')} back={back}>
          <p role="alert" className="ef-result-alert">
            {state.message ?? t('result.notReady.fallback')}
          </p>
          <p>{t('result.notReady.hours')}</p>
          <SupportNote config={config} t={t} />
        </Card>
      );
    case 'failure':
      return (
        <Card heading={t('result.failure.heading')} back={back}>
          {state.messageHtml ? (
            <div
              className="ef-result-message"
              role="alert"
              dangerouslySetInnerHTML={{ __html: safeHtml(state.messageHtml) }}
            />
          ) : (
            <p role="alert" className="ef-result-alert">
              {t('result.notReady.fallback')}
            </p>
          )}
          <SupportNote config={config} t={t} />
        </Card>
      );
    case 'soon': {
      const at = state.expectedAt ? showDateTime(state.expectedAt) : '';
      return (
        <Card heading={t('result.heading')} back={back}>
          <p role="status" className="ef-result-soon">
            {t('result.soon')}
          </p>
          {at ? <p>{t('result.soonAt', { date: at })}</p> : null}
          <p>{t('result.notReady.hours')}</p>
        </Card>
      );
    }
    case 'result':
      return <ResultView data={state.data} config={config} t={t} back={back} />;
  }
}
