// The registration card island: the registration machine with the real API, the session store,
// analytics, the payment gateway redirect, clipboard and location. Its first step is already in the
// page (prerendered, decision 006): a plain visit hydrates it, keeping what was typed meanwhile.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { fromPromise } from 'xstate';
import { startCallerIdentity } from '../../api/endpoints/caller-identity-start';
import { pollCallerIdentity } from '../../api/endpoints/caller-identity-poll';
import { fetchClassStreams } from '../../api/endpoints/class-streams';
import { validateCoupon } from '../../api/endpoints/coupon-validate';
import { fetchExamCentres } from '../../api/endpoints/exam-centres';
import { fetchExamDates } from '../../api/endpoints/exam-dates';
import { fetchExamOpen } from '../../api/endpoints/exam-open';
import { fetchExamSlots } from '../../api/endpoints/exam-slots';
import { fetchExamStates } from '../../api/endpoints/exam-states';
import { fetchGeoIp } from '../../api/endpoints/geo-ip';
import { fetchGeoReverse } from '../../api/endpoints/geo-reverse';
import { fetchLeadBySfId } from '../../api/endpoints/lead-by-sf-id';
import { waitForOrder } from '../order-verdict';
import { fetchLeadsByMobile } from '../../api/endpoints/leads-by-mobile';
import { fetchNearestCentre } from '../../api/endpoints/nearest-centre';
import { sendRegistrationOtp } from '../../api/endpoints/otp-send';
import { verifyRegistrationOtp } from '../../api/endpoints/otp-verify';
import { fetchPincode } from '../../api/endpoints/pincode';
import { signup } from '../../api/endpoints/signup';
import { actorInspect } from '../../devtools/live/actor-inspect';
import { classStreamValue, DEFAULT_SCHOOL_BOARD, splitClassStream } from '../../domain/class-stream';
import { createTranslator } from '../../engine/i18n';
import type { ClientFunnelStep } from '../../domain/funnel-steps';
import type { RegistrationCardData } from '../../engine/registration-card';
import { loadLaterSteps, prefetchFormSteps } from '../../features/registration/registration-card';
import { RegistrationCardRoot } from '../../features/registration/registration-card-root';
import { postToGateway } from '../gateway';
import type { UiStringTable } from '../../generated/config/i18n';
import { readEntryQuery } from '../../machines/entry-query';
import { messageText } from '../../machines/message';
import { registrationVerifyMachine } from '../../machines/registration-mobile-machine';
import {
  keptChoices,
  type BookedSchedule,
  type KeptChoices,
  type OnlinePreset,
  type OnlinePresetInput,
  type StoredRegistration,
} from '../../machines/registration-model';
import { provideRegistration } from '../../machines/registration-provide';
import { cardKeeping } from '../../machines/registration-resume';
import { MOBILE_LENGTH } from '../../domain/otp-rules';
import '../../ui/toast/toasts.css';
import { createAnalytics, type AnalyticsEventName } from '../analytics';
import { autoLoginUrl, withCampaign } from '../auto-login';
import { funnelOrigin, reportFunnelStep } from '../funnel-channel';
import { keptFlows } from '../kept-flows';
import { fingerprintOf, type FlowKeeping } from '../../machines/kept-flows';
import { allowedBrowserPosition, resolveLocationWithin, signupLocationFields } from '../location';
import { followCardDraft } from '../card-draft';
import { followCardHistory } from '../card-history';
import { sessionStore, type ExamInfo, type SessionStore } from '../session-store';
import { replayTypedValues } from '../typed-before-hydration';

/**
 * The registration token and the exam step's choices (slot, state, centre, date, coupon, payment
 * method) outlive the page only for the gateway round trip: they are kept for this tab
 * (sessionStorage), so "Try Again" after a failed payment need not verify the mobile again and
 * offers the same choices at the same price (decision 005).
 */
const KEPT_KEY = 'examflow:registration-kept';

interface KeptForRetry {
  token?: string;
  choices: KeptChoices;
}

const tabStorage = {
  get: (): KeptForRetry | undefined => {
    try {
      const raw = window.sessionStorage.getItem(KEPT_KEY);
      const kept = raw ? (JSON.parse(raw) as Partial<KeptForRetry>) : undefined;
      return kept?.choices?.exam && kept.choices.coupon
        ? { token: kept.token, choices: kept.choices }
        : undefined;
    } catch {
      return undefined;
    }
  },
  set: (kept: KeptForRetry | undefined) => {
    try {
      if (kept) window.sessionStorage.setItem(KEPT_KEY, JSON.stringify(kept));
      else window.sessionStorage.removeItem(KEPT_KEY);
    } catch {
      // Storage blocked: Try Again verifies the mobile again and the exam step starts afresh.
    }
  },
};

/** A stored schedule as the signup wrote it (another version's, or an edited one, is left out). */
const bookedOf = (booked: ExamInfo['booked'] | undefined): booked is BookedSchedule =>
  typeof booked?.rollNumber === 'string' &&
  typeof booked.schedule?.opens_at === 'string' &&
  (booked.schedule.tests === undefined || Array.isArray(booked.schedule.tests));

/** The registration stored before the gateway (user_info, exam_info, user_psid), for the return. */
function storedRegistration(store: SessionStore): StoredRegistration | undefined {
  const user = store.get('user_info');
  if (!user) return undefined;
  const exam = store.get('exam_info');
  const psid = store.get('user_psid');
  return {
    mobile: user.mobileNumber,
    ...(user.studentName ? { studentName: user.studentName } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(exam
      ? {
          classStream: classStreamValue(exam.classStream.class, exam.classStream.stream),
          ...(exam.centre.centreCode
            ? { centre: { label: exam.centre.label, code: exam.centre.centreCode } }
            : {}),
          ...(exam.dateOfExam ? { examDate: exam.dateOfExam } : {}),
          ...(exam.examSlots ? { examSlot: exam.examSlots } : {}),
          ...(bookedOf(exam.booked) ? { booked: exam.booked } : {}),
        }
      : {}),
    ...(psid?.psid ? { psid: psid.psid } : {}),
  };
}

/** The browser's position, then the API's nearest centre with its state. */
async function nearestCentre(input: { class_stream: string; exam_type: string; mode: 'Online' | 'Offline' }) {
  const position = await new Promise<GeolocationPosition>((resolve, reject) => {
    if (!navigator.geolocation) reject(new Error('No location in this browser'));
    else
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        enableHighAccuracy: true,
        maximumAge: 0,
        timeout: 15_000,
      });
  });
  const { data } = await fetchNearestCentre({
    latitude: String(position.coords.latitude),
    longitude: String(position.coords.longitude),
    ...input,
  });
  return {
    state: { tid: data.state.tid, stateName: data.state.name, shortCode: '' },
    centre: { label: data.label, value: data.value, code: data.centreCode, id: data.centreId },
  } satisfies OnlinePreset;
}

/**
 * Online-only: the configured state (Delhi) and its test centre, the digital-only branch (every
 * online-only student was filed under Delhi's first classroom centre before).
 */
async function onlinePreset(
  { state_code, ...input }: OnlinePresetInput,
  checked: { isCheckedState?: 'true'; isCheckedCentre?: 'true' },
): Promise<OnlinePreset> {
  const states = await fetchExamStates({ ...input, exam_mode: 'Online', ...pick(checked, 'isCheckedState') });
  const state = states.data.find((s) => s.shortCode === state_code);
  if (!state) throw new Error(`The state ${state_code} offers no online test`);
  const centres = await fetchExamCentres({
    ...input,
    mode: 'Online',
    state: state.tid,
    course_type: 'online',
    ...pick(checked, 'isCheckedCentre'),
  });
  const centre = centres.data[0];
  if (!centre) throw new Error('No centre offers the online test');
  return { state, centre };
}

const pick = <T extends object, K extends keyof T>(value: T, key: K): Partial<Pick<T, K>> =>
  value[key] === undefined ? {} : ({ [key]: value[key] } as Partial<Pick<T, K>>);

/** The funnel's steps that ride on the card's analytics events (their names and payloads unchanged). */
const FUNNEL_STEP_OF_EVENT: Partial<Record<AnalyticsEventName, ClientFunnelStep>> = {
  otp_verified: 'otp_verified',
  student_details_submitted: 'details_saved',
  exam_details_submitted: 'exam_chosen',
};

/** Runs `run` in a later task, so the main thread is free in between (input, paint). */
const nextTask = (run: () => void) => void window.setTimeout(run, 0);

export function mount(element: HTMLElement): void {
  // The props follow the card as JSON text in an inert <template> (decision 006).
  const template = document.getElementById(element.dataset.islandPropsId ?? '');
  const props = template instanceof HTMLTemplateElement ? template.content.textContent : undefined;
  const data = JSON.parse(props ?? '{}') as RegistrationCardData;
  const store = sessionStore();
  // The card's strings (registration, form, validation …): toasts speak the page's language too.
  const t = createTranslator(data.strings as UiStringTable);
  const analytics = createAnalytics({ programme: data.programme });
  const query = readEntryQuery(window.location.search);
  const campaign = store.captureCampaign(window.location.href);
  const tracking = { ...campaign.utm, ...(campaign.gclid ? { gclid: campaign.gclid } : {}) };
  // The token and the choices are only wanted back from the gateway; any other visit starts clean.
  const kept = query.status === 'failure' ? tabStorage.get() : undefined;
  if (!kept) tabStorage.set(undefined);
  const registrationToken = kept?.token;
  // What was stored before the gateway: the failure event reports it, the thank-you shows it.
  const stored =
    query.status === 'failure' || query.registeration === 'success' ? storedRegistration(store) : undefined;
  // Where this tab's card was, if it was here a moment ago (a reload, Back from the gateway).
  // One per page (two pages of a programme may list differently), under this page's card data.
  const page = `${data.registrationPage}:${window.location.pathname}`;
  const fingerprint = fingerprintOf(props ?? '');
  // Once the card has left for the dashboard or the login, it is forgotten and kept no more.
  let left = false;
  const keep = (keeping: FlowKeeping) => void (left || keptFlows.keep(page, keeping, fingerprint));
  const leave = () => {
    left = true;
    keptFlows.keep(page, 'forget');
  };
  // Pages such as /iacst-exam list only the states and centres with an open date (landing config).
  const checked = data.checkedLists ? ({ isCheckedState: 'true', isCheckedCentre: 'true' } as const) : {};

  const machine = provideRegistration(
    {
      actors: {
        verifyMobile: registrationVerifyMachine.provide({
          actors: {
            sendCode: fromPromise(async ({ input }) => {
              const reply = await sendRegistrationOtp({ mobile: input.to, exam_type: input.page });
              return { sentTo: reply.data.mobile_no, otpId: '', codeLength: reply.data.otp_length };
            }),
            checkCode: fromPromise(({ input }) =>
              verifyRegistrationOtp({ mobile_no: input.to, otp: input.code, exam_type: input.page }),
            ),
          },
          actions: {
            codeSent: () => {
              reportFunnelStep('otp_sent');
              void analytics.track('otp_sent');
              // Steps 2 to 5 and their forms arrive while the student reads the SMS (decision 061):
              // a visitor who only reads the page never fetches or runs them. A failure here is
              // tried again when step 1 ends, and said then.
              void prefetchFormSteps().catch(() => undefined);
            },
          },
        }),
        startCallerIdentity: fromPromise(async () => {
          const reply = await startCallerIdentity({ requestNonce: crypto.randomUUID() });
          if (data.callerIdentityLink)
            window.open(
              data.callerIdentityLink.replace('{requestId}', encodeURIComponent(reply.requestId)),
              '_blank',
            );
          return reply;
        }),
        checkCallerIdentity: fromPromise(({ input }) => pollCallerIdentity(input)),
        fetchLeadBySfId: fromPromise(({ input }) => fetchLeadBySfId(input.query, input.registrationToken)),
        waitForOrder: fromPromise(({ input }) => waitForOrder(input)),
        fetchLeadsByMobile: fromPromise(({ input }) =>
          fetchLeadsByMobile(input.query, input.registrationToken ?? ''),
        ),
        loadClassStreams: fromPromise(({ input }) => fetchClassStreams(input)),
        loadSlots: fromPromise(({ input }) => fetchExamSlots(input)),
        loadStates: fromPromise(({ input }) =>
          fetchExamStates({ ...input, ...pick(checked, 'isCheckedState') }),
        ),
        loadCentres: fromPromise(({ input }) =>
          fetchExamCentres({ ...input, ...pick(checked, 'isCheckedCentre') }),
        ),
        loadDates: fromPromise(({ input }) => fetchExamDates(input)),
        loadOnlinePreset: fromPromise(({ input }) => onlinePreset(input, checked)),
        locateNearestCentre: fromPromise(({ input }) => nearestCentre(input)),
        validateCoupon: fromPromise(({ input }) => validateCoupon(input)),
        signup: fromPromise(async ({ input }) => {
          // The location only enriches the payload: when nothing answers, the signup goes without it.
          const location = await resolveLocationWithin({
            store,
            now: Date.now,
            allowedPosition: allowedBrowserPosition,
            reverse: (point) => fetchGeoReverse(point),
            pincode: (pincode) => fetchPincode({ pincode }),
            geoIp: () => fetchGeoIp(),
          }).catch(() => ({}));
          return signup(
            {
              ...input.body,
              ...signupLocationFields(location),
              funnel: funnelOrigin(),
              // The programme's version this page shows: its fee and dates hold for a while after a
              // publish (decision 049).
              ...(data.programmeVersion ? { config_version: data.programmeVersion } : {}),
            },
            input.registrationToken ?? '',
          );
        }),
        copyText: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
      },
      actions: {
        showToast: (_, toast) =>
          store.showToast({ type: toast.type, message: messageText(t, toast.message) }),
        rememberRegistration: ({ context }, registration) => {
          const { student } = context;
          store.set('user_info', {
            mobileNumber: registration.mobile,
            studentName: student.studentName,
            email: student.email,
            isExistingUser: !context.isNewUser,
          });
          store.set('studentInfo', {
            studentName: student.studentName,
            fatherName: student.fatherName || undefined,
            email: student.email,
            dob: student.dob,
            mobileNumber: registration.mobile,
            prevSignupAttempt: true,
          });
          const { klass, stream } = splitClassStream(student.classStream);
          store.set('exam_info', {
            schoolBoard: { value: DEFAULT_SCHOOL_BOARD },
            classStream: { class: klass, stream },
            centre: { label: context.exam.centre?.label ?? '', centreCode: context.exam.centre?.code ?? '' },
            dateOfExam: registration.examDate || context.exam.date?.value || '',
            autoFill: false,
            examSlots: context.exam.slot?.name ?? '',
            booked: { rollNumber: registration.rollNumber, schedule: registration.schedule },
          });
          // A login id longer than a mobile number is a student id (PSID).
          store.set('user_psid', {
            isPsid: context.mobile.length > MOBILE_LENGTH,
            psid: registration.psid,
          });
          store.set('exam_fee', registration.fee);
          tabStorage.set({ token: context.registrationToken, choices: keptChoices(context) });
        },
        redirectToPayment: (_, { paymentData }) => {
          // Sent as the page is left for the gateway (pagehide).
          reportFunnelStep('payment_started');
          postToGateway(paymentData);
        },
        goToLogin: (_, { rollNumber, dob }) => {
          leave();
          window.location.assign(autoLoginUrl('/', rollNumber, dob));
        },
        goToDashboard: (_, { dashboardLink, rollNumber, dob }) => {
          tabStorage.set(undefined);
          leave();
          // The signup's dashboard link, else this origin's auto-login link; the programme decides
          // whether the landing's UTM parameters go along (part 2 §2: the main exam type).
          const link = dashboardLink ?? autoLoginUrl('/', rollNumber, dob);
          const utm = data.programme.registration.dashboardLinkCampaign ? campaign.utm : {};
          window.location.assign(withCampaign(link, utm));
        },
        track: (_, { event, payload }) => {
          const step = FUNNEL_STEP_OF_EVENT[event];
          if (step) reportFunnelStep(step);
          void analytics.track(event, payload);
        },
      },
    },
    // The toasts come with steps 2 to 5: only they show one (a failed signup, a copied roll number).
    async () => {
      void mountToasts().catch(() => undefined);
      return loadLaterSteps();
    },
  );

  // The card part-way goes to the server too, for another tab or device of this number.
  const serverCopy = followCardDraft(data.registrationPage);

  // Back steps through the card; a Back that would leave typed steps asks once (a toast).
  const history = followCardHistory({
    askToLeave: () =>
      void mountToasts()
        .then(() => store.showToast({ type: 'warn', message: t('registration.backAgainToLeave') }))
        .catch(() => undefined),
  });

  // The kept card, if any (the thank-you too, until Go to dashboard forgets it).
  const resume = keptFlows.resume(page, machine, fingerprint);

  // The toasts are fixed over the page: their own root, outside the prerendered card. Once.
  let toastsMounted: Promise<void> | undefined;
  function mountToasts(): Promise<void> {
    toastsMounted ??= import('../../ui/toast/toasts').then(({ Toasts }) => {
      const toasts = document.createElement('div');
      element.after(toasts);
      const toastRoot = createRoot(toasts);
      startTransition(() =>
        toastRoot.render(
          <Toasts
            store={store.toast}
            durationMs={data.toast.durationMs}
            warnDurationMs={data.toast.warnDurationMs}
            closeLabel={t('ui.close')}
          />,
        ),
      );
    });
    // A failed load is tried again at the next ask.
    toastsMounted.catch(() => (toastsMounted = undefined));
    return toastsMounted;
  }

  // The rest in tasks of their own (Total Blocking Time, measured with 4x CPU: the mount was one
  // task of about 55 ms): hydrating the card.
  nextTask(() => {
    void analytics.track('register_now_landing', campaign.gclid ? { gclid: campaign.gclid } : {});
    // A link that leads to the card (Apply for Selection Process, Register now) is an application.
    document.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      if (link && link.getAttribute('href') === `#${element.id}`) void analytics.track('apply_for_selection');
    });
    const card = (
      <RegistrationCardRoot
        data={data}
        machine={machine}
        input={{
          query,
          tracking,
          registrationToken,
          fixedCourseType: data.fixedCourseType,
          ...(kept ? { kept: kept.choices } : {}),
          ...(stored ? { stored } : {}),
        }}
        offerCallerIdentity={Boolean(data.callerIdentityLink) && /Android/i.test(navigator.userAgent)}
        checkOpen={async () => (await fetchExamOpen({ exam_type: data.registrationPage })).data.open}
        inspect={actorInspect}
        resume={resume}
        onMoved={(actor) => {
          keep(cardKeeping(actor));
          history.moved(actor);
          serverCopy.moved(actor);
        }}
        onHydrated={() => {
          replayTypedValues(element);
          element.removeAttribute('aria-busy');
        }}
      />
    );
    // The page was prerendered with no entry query. A URL that says where to start (back from the
    // gateway, a lead's sf_id, a finished registration) starts elsewhere: render that afresh.
    // In a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread (Total Blocking Time); a tap on the card meanwhile hydrates it at once.
    // A resumed card shows another step than the prerendered one: it too renders afresh, with its toasts.
    if (resume) void mountToasts().catch(() => undefined);
    if (Object.keys(query).length === 0 && !resume) startTransition(() => void hydrateRoot(element, card));
    else createRoot(element).render(card);
  });
}
