// The dashboard's first screen, prerendered into the shell of /dashboard (so it imports no block,
// no stylesheet and nothing of the app: the prerenderer runs in Node).
import type { Translate } from '../../engine/i18n';

export function DashboardSkeleton({ t }: { t: Translate }) {
  return (
    <div className="ef-dash-skeleton" role="status" aria-live="polite">
      <span className="ef-loader__spinner" aria-hidden="true" />
      <span>{t('portal.loading')}</span>
    </div>
  );
}
