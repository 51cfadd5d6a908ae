// The dashboard view (part 2 §2 "Dashboard layout"): a spinner while the first answer loads,
// 'Error: ' plus the message and the generic error card when it fails, else the programme's blocks
// whose conditions hold, in config order.
import { Suspense } from 'react';
import { ErrorBoundary } from '../../ui/error-boundary';
import type { Translate } from '../../engine/i18n';
import { BLOCKS } from './block-registry';
import { visibleBlocks } from './dashboard-facts';
import type { PortalContext } from './portal-context';
import { DashboardSkeleton } from './dashboard-skeleton';

export type DashboardScreenProps =
  | { status: 'loading'; t: Translate }
  | { status: 'error'; t: Translate; error: string; onRetry: () => void }
  | { status: 'loaded'; t: Translate; context: PortalContext; refreshing: boolean; error?: string | null };

export function DashboardScreen(props: DashboardScreenProps) {
  const { t } = props;
  if (props.status === 'loading') return <DashboardSkeleton t={t} />;
  if (props.status === 'error')
    return (
      <section className="ef-dash-card ef-dash-error" aria-labelledby="dash-error-heading">
        <h1 id="dash-error-heading">{t('portal.errorCard')}</h1>
        <p role="alert">{t('portal.errorPrefix', { message: props.error })}</p>
        <button type="button" className="ef-button" onClick={props.onRetry}>
          {t('portal.retry')}
        </button>
      </section>
    );
  const { context, refreshing, error } = props;
  const blocks = visibleBlocks(context.config.programme.dashboard.blocks, context.facts);
  return (
    <div className="ef-dash">
      <h1 className="ef-visually-hidden">{t('dashboard.heading')}</h1>
      {error ? (
        <p className="ef-dash-alert" role="alert">
          {t('portal.errorPrefix', { message: error })}
        </p>
      ) : null}
      {refreshing ? (
        <p className="ef-dash-refreshing" role="status">
          {t('portal.refreshing')}
        </p>
      ) : null}
      {blocks.map((block, i) => {
        const Block = BLOCKS[block.type];
        // A block that fails is left out (and logged); one that loads lazily appears when it has.
        return Block ? (
          <ErrorBoundary key={`${block.type}-${i}`} name={`the ${block.type} block`} fallback={null}>
            <Suspense fallback={null}>
              <Block block={block} context={context} />
            </Suspense>
          </ErrorBoundary>
        ) : null;
      })}
    </div>
  );
}
