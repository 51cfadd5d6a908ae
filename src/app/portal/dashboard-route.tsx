// The /dashboard view: the dashboard machine with the real API, the blocks' actions, the profile
// modal, the payment returns of the query, and the test launches. One owner per read (decision
// 044): swr reads the dashboard and the course list (the blocks read them there) and this route
// tells the machine when they answer; the machine says when to read again and owns the result.
import type { Programme } from '../../generated/config/programme';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { fromPromise } from 'xstate';
import { coursesKey, fetchCourses } from '../../api/endpoints/courses';
import { dashboardKey, fetchDashboard } from '../../api/endpoints/dashboard';
import { startExam } from '../../api/endpoints/exam-start';
import { fetchMockPayment } from '../../api/endpoints/mock-payment';
import { profileKey, useProfile } from '../../api/endpoints/profile';
import { fetchStudentResult } from '../../api/endpoints/student-result';
import { launchTest } from '../../api/endpoints/test-launch';
import { openMockJeePaper } from '../../api/endpoints/mock-jee-exam-link';
import { testLaunchMachine, testLaunchView, type LaunchRequest } from '../../machines/test-launch-machine';
import { fetchTestPlatformToken } from '../../api/endpoints/test-platform-token';
import type { CourseListReply } from '../../generated/api/course-list';
import type { DashboardReply, ExamData } from '../../generated/api/dashboard';
import type { LaunchUrls } from '../../generated/api/exam-launch';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { dashboardFacts } from '../../features/dashboard/dashboard-facts';
import { dashboardView } from '../../features/dashboard/dashboard-view';
import { scrollToCourses } from '../../features/dashboard/blocks/course-section';
import type { LaunchState, PortalActions, PortalContext } from '../../features/dashboard/portal-context';
import { courseCall, dashboardMachine, type CourseCall } from '../../machines/dashboard-machine';
import { mockPackBusy, mockPackMachine } from '../../machines/mock-pack-machine';
import { messageText } from '../../machines/message';
import { postToGateway } from '../gateway';
import { editAvailability, noEditsLeft } from '../../domain/exam-edit-rules';
import { coursePaths } from './course-paths';
import { useDashboardBranches } from './dashboard-branches';
import { usePortal } from './portal-provider';
import { isSessionError } from './portal-session';
import { actorInspect } from '../../devtools/live/actor-inspect';

const EditExamHost = lazy(() => import('./edit-exam-host'));
const ProfileEditHost = lazy(() => import('./profile-edit-host'));
// The purchase flow's part on the dashboard (gateway return, retention pop-up): a lazy chunk.
const CourseDashboardHost = lazy(() => import('./course-dashboard-host'));
// Returns from the gateway for the sample pack and a paid exam edit: loaded only with a status.
const PaymentReturnHost = lazy(() => import('./payment-return-host'));
// View Profile opens on a tap: its dialog is a lazy chunk too (room in the /dashboard budget).
const ProfileModal = lazy(() =>
  import('../../features/dashboard/profile-modal').then((m) => ({ default: m.ProfileModal })),
);

/** The course call's parameters (and the swr key's) from the machine's query. */
function courseParams({ mobileNumber, careerType, ...query }: CourseCall) {
  return { params: { ...query, mobile_number: mobileNumber }, career: careerType };
}

/**
 * The dashboard's own reads: the machine and the student decide when to read again (a failure
 * shows Retry), so swr neither retries nor reads again on focus (SessionWatch checks the session).
 */
const MACHINE_PACED: SWRConfiguration = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
};

/** The mock pack's payment method, kept for the tab: a failed payment comes back to the dashboard with it. */
const MOCK_PACK_METHOD_KEY = 'examflow:mock-pack-method';

function keptMockPackMethod(payment: Pick<Programme, 'payment'>['payment']): string {
  try {
    const kept = sessionStorage.getItem(MOCK_PACK_METHOD_KEY);
    if (kept && payment.methods.some((m) => m.value === kept)) return kept;
  } catch {
    // Storage blocked: the default, as before.
  }
  return payment.default;
}

function keepMockPackMethod(method: string): void {
  try {
    sessionStorage.setItem(MOCK_PACK_METHOD_KEY, method);
  } catch {
    // Storage blocked: a failed payment comes back with the default.
  }
}

export function DashboardRoute() {
  const { token, config, t, store, analytics, onSessionError, profileOpen, closeProfile, inApp } =
    usePortal();
  const { mutate } = useSWRConfig();
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => new Date());
  // The first screen needs only the dashboard's answer. What else the page reads waits until it
  // is painted (decision 035): the profile (below), the course list, the test
  // platform's token (for the result), the branch list.
  const [firstScreen] = useState(() => {
    let painted = () => {};
    const shown = new Promise<void>((resolve) => (painted = resolve));
    return { shown, painted };
  });
  const [firstScreenPainted, setFirstScreenPainted] = useState(false);

  /** A call the server refuses for the session (401) ends the session; the error still propagates. */
  const watch = async <T,>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      if (isSessionError(error)) onSessionError(error);
      throw error;
    }
  };

  // swr reads the dashboard (the header, the profile modal, the edit-exam form and the course views
  // read the same key). A failed reload keeps the answer shown: swr keeps its data beside the error.
  const dashboardRead = useSWR<DashboardReply>(
    dashboardKey(token),
    async () => {
      const reply = await watch(fetchDashboard(token));
      // success 'false' with a 200 is refused by the client ('Error: ' plus its msg, part 2 §8).
      if (!reply) throw new Error(t('portal.loadFailed'));
      return reply;
    },
    MACHINE_PACED,
  );
  const machine = useMemo(
    () =>
      dashboardMachine.provide({
        actors: {
          loadPlatformToken: fromPromise(async () => {
            await firstScreen.shown;
            return (await fetchTestPlatformToken(token)).data;
          }),
          loadResult: fromPromise(async ({ input }) => {
            const call = config.programme.dashboard.resultCall ?? 'main';
            return (await fetchStudentResult(call, input.rollNumber, input.platformToken)).data;
          }),
        },
        actions: {
          // swr reads it again with its own fetcher; the answer comes back through the effect below.
          reloadDashboard: () => void mutate(dashboardKey(token)),
          trackLoadFailure: () => void analytics.track('dashboard_load_failure'),
          logCourseError: (_, { error }) => console.error('Error fetching course data', error),
        },
      }),
    // One machine per token: the route remounts on a new session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token],
  );
  const [liveSnapshot, send] = useMachine(machine, { inspect: actorInspect });
  // Each time swr's dashboard read settles, the machine hears how (a reload it asked for ends here
  // even when the answer is the same as before).
  const { isValidating: dashboardReading, data: dashboardReply, error: dashboardError } = dashboardRead;
  useEffect(() => {
    if (dashboardReading) return;
    if (dashboardError) send({ type: 'dashboard.failed', error: dashboardError });
    else if (dashboardReply) send({ type: 'dashboard.loaded', data: dashboardReply.data });
  }, [dashboardReading, dashboardReply, dashboardError, send]);
  // The edit-exam form is open (closeEdit, below).
  const editOpen = query.get('editExam') === 'true' && query.get('status') !== 'success';
  // The profile: once the first screen is painted (the edit-exam button shows pending until then),
  // or at once when something needs it first: its dialog, the edit-exam form, or a dashboard that
  // could not load (no first screen will come).
  const profile = useProfile(
    firstScreenPainted || profileOpen || editOpen || liveSnapshot.matches('error') ? token : null,
  );
  // The machine's course call needs the profile's mobile: it gets it from swr's read, as an event.
  const mobileNumber = profile.data?.data.mobile_number;
  const profileLoaded = profile.data !== undefined;
  useEffect(() => {
    if (profileLoaded) send({ type: 'profile.loaded', mobileNumber: mobileNumber ?? '' });
  }, [profileLoaded, mobileNumber, send]);
  useEffect(() => {
    if (profile.error && !profileLoaded) send({ type: 'profile.failed', error: profile.error });
  }, [profile.error, profileLoaded, send]);

  // Test launches (part 2 §4 "Test launch"): the test-launch machine with the real API.
  const launcher = useMemo(
    () =>
      testLaunchMachine.provide({
        actors: {
          launch: fromPromise<LaunchUrls, LaunchRequest>(async ({ input, signal }) =>
            input.kind === 'main'
              ? (
                  await watch(
                    startExam(
                      token,
                      { test_short_code: input.test_short_code, source_type: input.source_type },
                      { signal },
                    ),
                  )
                ).data
              : (
                  await watch(
                    // The programme's config names the call that opens its papers (MOCK-JEE: the
                    // exam-link call, made by the server with the tenant headers).
                    (config.programme.dashboard.paperCall === 'mockJeeExamLink'
                      ? openMockJeePaper
                      : launchTest)(
                      token,
                      {
                        exam_short_code: input.exam_short_code,
                        external_schedule_id: input.external_schedule_id,
                      },
                      { signal },
                    ),
                  )
                ).data,
          ),
        },
        actions: {
          // Not 'noopener' in the features: window.open then answers null even when the tab opened.
          openTab: ({ self }, { url }) => {
            // A result of this site opens as the app's result view, so Back returns here (decision 011).
            const to = inApp(url);
            if (to) return void navigate(to);
            const tab = window.open(url, '_blank');
            if (tab) tab.opener = null;
            else self.send({ type: 'tab.blocked', url });
          },
          trackFailure: (_, { name }) => void analytics.track(name),
          logFailure: (_, { error }) => console.error('Test launch failed', error),
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token],
  );
  const [launchSnapshot, sendLaunch] = useMachine(launcher, {
    input: { sourceType: 'dashboard' },
    inspect: actorInspect,
  });

  // The sample and mock paper pack's Buy (mock-pack-machine.ts): busy until the gateway's page
  // takes over, or until Back shows this page again from the browser's cache.
  const mockPack = useMemo(
    () =>
      mockPackMachine.provide({
        actors: {
          startPayment: fromPromise(async ({ input }) => {
            const reply = await fetchMockPayment(token, {
              payment_type: 'exam',
              payment_mode: input.paymentMethod,
              branch_code: input.branchCode || undefined,
            });
            return reply.data;
          }),
        },
        actions: {
          track: (_, { paymentMethod }) =>
            void analytics.track('mock_pack_buy', { payment_method: paymentMethod }),
          goToGateway: (_, { paymentData }) => postToGateway(paymentData),
          keepMethod: (_, { paymentMethod }) => keepMockPackMethod(paymentMethod),
          sayFailed: (_, { error }) => {
            if (isSessionError(error)) return onSessionError(error);
            // Part 2 §8: no message of the server's; the amount stays the pack's. Say it did not start.
            store.showToast({ type: 'error', message: t('portal.mock.failed') });
          },
        },
      }),
    // One machine per token: the route remounts on a new session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token],
  );
  const [mockPackSnapshot, sendMockPack] = useMachine(mockPack, {
    input: { paymentMethod: keptMockPackMethod(config.samplePack.payment) },
    inspect: actorInspect,
  });
  const mockPaymentBusy = mockPackBusy(mockPackSnapshot);
  const mockPackMethod = mockPackSnapshot.context.paymentMethod;
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => event.persisted && sendMockPack({ type: 'page.restored' });
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [sendMockPack]);

  // Edit exam (part 2 §4 "Edit-exam flow"): `?editExam=true` opens it (editOpen, above: so Back
  // closes it and a reload keeps it); the gateway's return with status=failure reopens it with the
  // kept edit. Its machine and dialog load only then.
  const closeEdit = () =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['editExam', 'status', 'order_id', 'mode']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const launch: LaunchState = testLaunchView(launchSnapshot);
  // The course list: swr reads it (the course views read the same key, decision 012) once the
  // machine has the call's query (the dashboard's part and the profile's mobile) and the first
  // screen is painted (decision 032); the machine waits in courses.loading for the answer.
  const flow = liveSnapshot.context.flow;
  const course = firstScreenPainted && flow?.showsReport ? courseCall(liveSnapshot.context) : null;
  const coursesRead = useSWR<CourseListReply>(
    course ? coursesKey(token, courseParams(course).params, courseParams(course).career) : null,
    async () => {
      if (!course) throw new Error('Error fetching course data');
      const { params, career } = courseParams(course);
      const reply = await fetchCourses(token, params, career);
      if (!reply) throw new Error('Error fetching course data');
      return reply;
    },
    MACHINE_PACED,
  );
  const coursesWaiting = liveSnapshot.matches({ loaded: { courses: 'loading' } });
  const { data: coursesReply, error: coursesError } = coursesRead;
  useEffect(() => {
    if (!coursesWaiting) return;
    if (coursesReply) send({ type: 'courses.loaded' });
    else if (coursesError) send({ type: 'courses.failed', error: coursesError });
  }, [coursesWaiting, coursesReply, coursesError, send]);
  // The blocks render from a deferred copy: React renders them in slices that yield to input, so a
  // slow phone's main thread is never blocked by the whole dashboard at once.
  const snapshot = useDeferredValue(liveSnapshot);
  const dashboard = useDeferredValue(dashboardRead.data?.data);
  const courseList = useDeferredValue(coursesRead.data ?? null);
  const result = useDeferredValue(liveSnapshot.context.result);

  // The clock of greetings and the live-test countdown's day changes.
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);

  const refresh = useCallback(() => send({ type: 'dashboard.refresh' }), [send]);
  const actions: PortalActions = {
    startMainExam: () => {
      const card = dashboard?.main_exam[0];
      if (card)
        sendLaunch({
          type: 'test.start',
          testShortCode: card.test_short_code,
          state: card.exam_data.state,
        });
    },
    launchPaper: (exam: ExamData) => sendLaunch({ type: 'test.launch', exam, state: exam.state }),
    openEditExam: () => {
      void import('./edit-exam-host');
      setQuery((current) => ({ ...Object.fromEntries(current), editExam: 'true' }));
    },
    chooseMockPackMethod: (paymentMethod: string) => sendMockPack({ type: 'pack.choose', paymentMethod }),
    buyMockPack: () => sendMockPack({ type: 'pack.buy', branchCode: dashboard?.branch_code }),
    refreshDashboard: () => send({ type: 'dashboard.refresh' }),
    refreshProfile: () => {
      void mutate(profileKey(token)).then(() =>
        store.showToast({ type: 'success', message: t('portal.profile.refreshed') }),
      );
    },
    openCourse: (productId, view) =>
      navigate(
        view === 'checkout' ? coursePaths.checkout(productId, false) : coursePaths.description(productId),
      ),
    scrollToCourses,
    downloadProspectus: () => {
      const href = dashboard?.course_flags.iacst_download_prosp;
      if (!href) return;
      void analytics.track('prospectus_download');
      const link = document.createElement('a');
      link.href = href;
      link.download = 'prospectus.pdf';
      document.body.append(link);
      link.click();
      link.remove();
    },
  };

  const view = dashboardView(snapshot);
  // The blocks once the machine has loaded the dashboard (swr's answer, else still loading).
  const data = view.status === 'loaded' ? dashboard : undefined;
  const branches = useDashboardBranches(
    config.programme.dashboard.blocks,
    firstScreenPainted ? data : undefined,
    data ? dashboardFacts(data, now) : null,
  );
  const p = profile.data?.data;
  // After the exam there is nothing to edit; else the profile decides (the machine's own rule).
  // Until the profile arrives the button shows disabled, so the card does not grow under the student.
  const editExam: PortalContext['editExam'] =
    data?.exam_taken || p?.exam_taken
      ? 'hidden'
      : !p
        ? 'pending'
        : editAvailability(p) === 'enabled' && noEditsLeft(p)
          ? 'disabled'
          : editAvailability(p);

  // Returns from the gateway (part 2 §2 /dashboard query): the course flow reads its own; the others
  // are PaymentReturnHost's.
  const returnStatus = query.get('status');
  const courseReturn = returnStatus !== null && query.get('type') === config.courseReturnType;

  const errorText = view.error ? messageText(t, view.error) : null;
  let screen;
  if (view.status === 'error') {
    screen = (
      <DashboardScreen
        status="error"
        t={t}
        error={errorText ?? ''}
        onRetry={() => send({ type: 'dashboard.retry' })}
      />
    );
  } else if (!data) {
    screen = <DashboardScreen status="loading" t={t} />;
  } else {
    const context: PortalContext = {
      data,
      facts: dashboardFacts(data, now),
      config,
      t,
      now,
      courses: courseList,
      coursesLoading: view.coursesLoading,
      result,
      resultLoading: view.resultLoading,
      ...branches,
      launch,
      editExam,
      mockPaymentBusy,
      mockPackMethod,
      actions,
    };
    screen = (
      <DashboardScreen
        status="loaded"
        t={t}
        context={context}
        refreshing={view.refreshing}
        error={errorText}
        onFirstScreenPainted={() => {
          firstScreen.painted();
          setFirstScreenPainted(true);
        }}
      />
    );
  }
  // The returns' hosts come first: a payment being confirmed shows above the blocks.
  return (
    <>
      {returnStatus !== null && !courseReturn ? (
        <Suspense fallback={null}>
          <PaymentReturnHost onPaid={refresh} />
        </Suspense>
      ) : null}
      {courseReturn || (courseList?.data.length ?? 0) > 0 ? (
        <Suspense fallback={null}>
          <CourseDashboardHost
            courses={courseList}
            digitalOnly={Boolean(data && dashboardFacts(data, now).digitalOnly)}
          />
        </Suspense>
      ) : null}
      {screen}
      {editOpen ? (
        <Suspense fallback={null}>
          <EditExamHost
            profile={profile.data?.data}
            onUpdated={() => send({ type: 'dashboard.refresh' })}
            onClose={closeEdit}
          />
        </Suspense>
      ) : null}
      {profileOpen ? (
        <Suspense fallback={null}>
          <ProfileModal
            profile={p}
            loading={profile.isLoading || (!p && !profile.error)}
            t={t}
            onClose={closeProfile}
          >
            {p && !p.remove_edit_exam_edit_profile ? (
              <Suspense fallback={<p role="status">{t('portal.profile.loading')}</p>}>
                <ProfileEditHost
                  profile={p}
                  onSaved={() => send({ type: 'profile.updated', success: 'true' })}
                />
              </Suspense>
            ) : null}
          </ProfileModal>
        </Suspense>
      ) : null}
    </>
  );
}
