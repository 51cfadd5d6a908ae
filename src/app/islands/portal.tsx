// The logged-in portal (DESIGN.md "two kinds of pages"): one client app mounted on the prerendered
// shell of /dashboard, with react-router-dom for its views (Back, reload and shared links work) and
// swr for the server's reads (decision 009 says what lives in swr and what in machines).
import { Component, lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import useSWR, { SWRConfig } from 'swr';
import { dashboardKey } from '../../api/endpoints/dashboard';
import { logout } from '../../api/endpoints/logout';
import { profileKey } from '../../api/endpoints/profile';
import { useSession } from '../../api/endpoints/session';
import type { DashboardReply } from '../../generated/api/dashboard';
import type { ProfileReply } from '../../generated/api/profile';
import { telHref } from '../../domain/phone';
import { createTranslator } from '../../engine/i18n';
import { AccountMenu } from '../../features/dashboard/account-menu';
import type { PortalConfig } from '../../features/dashboard/portal-context';
import type { UiStringTable } from '../../generated/config/i18n';
import { Toasts } from '../../ui/toast/toasts';
import '../../ui/toast/toasts.css';
import '../../features/dashboard/dashboard.css';
import { createAnalytics } from '../analytics';
import { useEngagementTracking } from '../engagement';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { DashboardSkeleton } from '../../features/dashboard/dashboard-skeleton';
import { scrollToAndFocus, scrollToCourses } from '../../features/dashboard/blocks/course-section';
import { DashboardRoute } from '../portal/dashboard-route';
import { PortalProvider, usePortal, type PortalValue } from '../portal/portal-provider';
import { endSession, isSessionError, sessionEndPath } from '../portal/portal-session';
import { PurchaseProvider } from '../portal/purchase-provider';
import { sessionStore } from '../session-store';

export interface PortalIslandProps {
  config: PortalConfig & { courseReturnType: string };
  resultPage: PortalValue['resultPage'];
  /** The strings the portal uses (its keys only). */
  strings: Partial<UiStringTable>;
  toast: { durationMs: number; warnDurationMs: number };
}

/** The generic error card (part 2 §2 10) when a view fails to render; the header's Logout still works. */
function RouteError() {
  const { t } = usePortal();
  return (
    <DashboardScreen
      status="error"
      t={t}
      error={t('portal.loadFailed')}
      onRetry={() => window.location.reload()}
    />
  );
}

/** A view that throws (or whose chunk fails to load) shows the error card until the next view. */
class ViewBoundary extends Component<{ children: ReactNode; path: string }, { failed: string | null }> {
  override state = { failed: null as string | null };
  static getDerivedStateFromError(): Partial<{ failed: string }> {
    return { failed: window.location.pathname };
  }
  override componentDidCatch(error: unknown): void {
    console.error('A view failed', error);
  }
  override render() {
    return this.state.failed === this.props.path ? <RouteError /> : this.props.children;
  }
}

// The course views and the result view are lazy chunks (the /dashboard budget has no room for
// them; decisions 011 and 012). react-router's declarative routes, not its data router: the data
// router's code (loaders, fetchers, lazy routes) is 16 KB more that the app never needed.
type CourseRouteName = 'CourseRoute' | 'CheckoutFromCourseRoute' | 'CheckoutRoute' | 'PaymentSuccessRoute';
const courseRoute = (name: CourseRouteName) =>
  lazy(() => import('../portal/course-routes').then((m) => ({ default: m[name] })));
const CourseRoute = courseRoute('CourseRoute');
const CheckoutFromCourseRoute = courseRoute('CheckoutFromCourseRoute');
const CheckoutRoute = courseRoute('CheckoutRoute');
const PaymentSuccessRoute = courseRoute('PaymentSuccessRoute');
const ResultRoute = lazy(() => import('../portal/result-route'));

function PortalRoutes({ resultPaths }: { resultPaths: string[] }) {
  const { t, inApp } = usePortal();
  const { pathname } = useLocation();
  useInAppLinks(useNavigate(), inApp);
  return (
    <ViewBoundary path={pathname}>
      {/* A lazy view's first load shows the shell's own skeleton; later ones keep the old view
          until the new one is ready (the router's updates are transitions). */}
      <Suspense fallback={<DashboardSkeleton t={t} />}>
        <Routes>
          <Route path="/dashboard" element={<DashboardRoute />} />
          <Route path="/dashboard/course/:id" element={<CourseRoute />} />
          <Route path="/dashboard/course/:id/checkout" element={<CheckoutFromCourseRoute />} />
          <Route path="/dashboard/checkout/:id" element={<CheckoutRoute />} />
          <Route path="/dashboard/payment-success/:orderId" element={<PaymentSuccessRoute />} />
          {resultPaths.map((path) => (
            <Route key={path} path={path} element={<ResultRoute />} />
          ))}
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </Suspense>
    </ViewBoundary>
  );
}

/** Toasts live outside the app's element, so a modal dialog's inert page does not silence them. */
function toastRoot(): HTMLElement {
  const existing = document.querySelector<HTMLElement>('body > [data-ef-live]');
  if (existing) return existing;
  const root = document.createElement('div');
  root.setAttribute('data-ef-live', '');
  document.body.append(root);
  return root;
}

/**
 * The student's name for the menu's avatar, from what the views asked (never asked for itself):
 * the dashboard's answer, else the profile's (asked when the dashboard could not load).
 */
function useStudentName(token: string): string {
  const { data: dashboard } = useSWR<DashboardReply>(dashboardKey(token), null);
  const { data: profile } = useSWR<ProfileReply>(profileKey(token), null);
  return dashboard?.data.student_name ?? profile?.data.student_firstname ?? '';
}

/**
 * The header's Call us number: the student's own help line once the dashboard answers (the
 * digital-only branch has its own, part 2 §9; the rule is the server's helpLine). The prerendered
 * header shows the programme's until then.
 */
function useHeaderHelpLine(token: string, header: Element | null): void {
  const { data } = useSWR<DashboardReply>(dashboardKey(token), null);
  const phone = data?.data.exam_help_line;
  useEffect(() => {
    const link = header?.querySelector<HTMLAnchorElement>('.ef-header__call');
    const number = link?.querySelector('.ef-header__phone');
    if (!phone || !link || !number) return;
    link.href = telHref(phone);
    number.textContent = phone;
  }, [header, phone]);
}

// Several calls may learn at once that the session is over: leave once.
let ending = false;
function endSessionOnce(store: ReturnType<typeof sessionStore>, error?: unknown): void {
  if (ending) return;
  ending = true;
  endSession(store, (path) => window.location.replace(path), sessionEndPath(error));
}

/**
 * The session, checked again whenever the student comes back to the tab: submitting a test in the
 * test player's tab ends it on the server (decision 001), and this tab then ends it too (401).
 */
function SessionWatch({ token }: { token: string }) {
  // (swr's own focus revalidation is off here: these listeners are the one check.) Not on mount:
  // the view's own first read finds a session that is over (401), and asks no more of a slow
  // network before the first screen (decision 035).
  const { mutate } = useSession(token, undefined, { revalidateOnFocus: false, revalidateOnMount: false });
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void mutate();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [mutate]);
  return null;
}

/**
 * A plain click on a link to one of the app's views (the main card's View Result) stays in the
 * app: the router opens it, so Back returns to the dashboard. Other clicks (a new tab, a modifier)
 * are the browser's.
 */
/** The in-app address of a URL of this site that one of the app's views shows, else null. */
const inAppPath = (paths: string[]) => (href: string) => {
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin && paths.includes(url.pathname)
    ? url.pathname + url.search
    : null;
};

function useInAppLinks(navigate: (to: string) => unknown, inApp: (href: string) => string | null) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.('a[href]:not([target])') as HTMLAnchorElement | null;
      const to =
        link &&
        !event.defaultPrevented &&
        !event.button &&
        !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          ? inApp(link.href)
          : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, inApp]);
}

function PortalApp({
  props,
  token,
  header,
}: {
  props: PortalIslandProps;
  token: string;
  header: Element | null;
}) {
  const store = sessionStore();
  const t = createTranslator(props.strings as UiStringTable);
  const [profileOpen, setProfileOpen] = useState(false);
  const [analytics] = useState(() => createAnalytics({ programme: props.config.programme }));
  useEngagementTracking(analytics);
  const onSessionError = (error?: unknown) => endSessionOnce(store, error);
  const [inApp] = useState(() => inAppPath(props.resultPage.paths));
  const value: PortalValue = {
    token,
    config: props.config,
    t,
    store,
    analytics,
    onSessionError,
    profileOpen,
    closeProfile: () => setProfileOpen(false),
    resultPage: props.resultPage,
    inApp,
    // (Given to the course views rather than imported there: one more importer of the dashboard's
    // course section made the bundler split it into chunks of its own.)
    scrollToAndFocus,
    scrollToCourses,
  };
  const studentName = useStudentName(token);
  useHeaderHelpLine(token, header);
  const onLogout = () => {
    // The server's session ends too; the student leaves whatever it answers.
    void logout(token)
      .catch(() => undefined)
      .finally(() => endSession(store, (path) => window.location.assign(path), props.config.loginPath));
  };
  return (
    <PortalProvider value={value}>
      <SWRConfig
        value={{
          onError: (error) => {
            if (isSessionError(error)) onSessionError(error);
          },
          shouldRetryOnError: (error) => !isSessionError(error),
        }}
      >
        <BrowserRouter>
          <PurchaseProvider>
            <PortalRoutes resultPaths={props.resultPage.paths} />
          </PurchaseProvider>
        </BrowserRouter>
        <SessionWatch token={token} />
        {header
          ? createPortal(
              <AccountMenu
                name={studentName}
                t={t}
                onViewProfile={() => setProfileOpen(true)}
                onLogout={onLogout}
              />,
              header,
            )
          : null}
        {createPortal(
          <Toasts
            store={store.toast}
            durationMs={props.toast.durationMs}
            warnDurationMs={props.toast.warnDurationMs}
            closeLabel={t('portal.profile.close')}
          />,
          toastRoot(),
        )}
      </SWRConfig>
    </PortalProvider>
  );
}

export function mount(element: HTMLElement): void {
  const props = JSON.parse(element.dataset.islandProps ?? '{}') as PortalIslandProps;
  const token = sessionStore().getSnapshot().token;
  // No token (the marker cookie outlived the stored session): '/' as the route rule says.
  if (!token) {
    endSession(sessionStore(), (path) => window.location.replace(path));
    return;
  }
  const header = document.querySelector('.ef-header__inner');
  const root = createRoot(element);
  // A transition: the first render yields to the browser instead of one long task.
  startTransition(() => root.render(<PortalApp props={props} token={token} header={header} />));
}
