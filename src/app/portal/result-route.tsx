// The result as a view of the logged-in app (View Result on the dashboard): a lazy route, so Back
// returns to the dashboard and the dashboard never downloads the result view or its chart.
import { useEffect, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import '../../features/result/result.css';
import { ResultHost } from '../result-host';
import { usePortal } from './portal-provider';

export default function ResultRoute() {
  const { config, t, resultPage } = usePortal();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // A new view: the page starts at its top, and keyboard and screen-reader focus with it.
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
  const onBack = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // Opened from the dashboard: the same step Back takes; opened directly: to the dashboard.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/dashboard');
  };
  return (
    <ResultHost
      data={query.get('data')}
      config={{ programme: config.programme, resultPage: resultPage.config }}
      t={t}
      title={`${t('result.heading')} | ${config.programme.shortName} | ${config.site.brand.providerName}`}
      back={{ href: '/dashboard', label: t('result.backToDashboard'), onClick: onBack }}
    />
  );
}
