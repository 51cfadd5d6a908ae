// The dashboard view (part 2 §2 "Dashboard layout"): a spinner while the first answer loads,
// 'Error: ' plus the message and the generic error card when it fails, else the programme's blocks
// whose conditions hold, in config order.
import { Suspense } from 'react';
import { ErrorBoundary } from '../../ui/error-boundary';
import { usePainted } from '../../ui/use-painted';
import type { Translate } from '../../engine/i18n';
import { BLOCKS } from './block-registry';
import { visibleBlocks } from './dashboard-facts';
import type { PortalContext } from './portal-context';
import { DashboardSkeleton } from './dashboard-skeleton';

export type DashboardScreenProps =
  | { status: 'loading'; t: Translate }
  | { status: 'error'; t: Translate; error: string; onRetry: () => void }
  | {
      status: 'loaded';
      t: Translate;
      context: PortalContext;
      refreshing: boolean;
      error?: string | null;
      /** Told once the first screen's blocks are painted (the others follow then). */
      onFirstScreenPainted?: () => void;
    };

/** The blocks of the first screen unless set in the programme's config (firstScreenBlocks). */
const FIRST_SCREEN_BLOCKS = 3;

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
  return <Loaded {...props} />;
}

/**
 * The blocks whose conditions hold, in config order: those of the first screen in the first
 * render, the others once it is painted, so a slow phone shows the first screen sooner.
 */
function Loaded({
  t,
  context,
  refreshing,
  error,
  onFirstScreenPainted,
}: Extract<DashboardScreenProps, { status: 'loaded' }>) {
  const painted = usePainted(onFirstScreenPainted);
  const { blocks: all, firstScreenBlocks = FIRST_SCREEN_BLOCKS } = context.config.programme.dashboard;
  const shown = visibleBlocks(all, context.facts);
  const blocks = painted ? shown : shown.slice(0, firstScreenBlocks);
  return (
    // Busy until the blocks below the first screen are drawn too.
    <div className="ef-dash" aria-busy={painted ? undefined : true}>
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
