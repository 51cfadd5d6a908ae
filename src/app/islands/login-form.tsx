// The login island: the login machine with the real API, the session store, navigation and toasts.
import { createRoot } from 'react-dom/client';
import { fromPromise } from 'xstate';
import { login } from '../../api/endpoints/login';
import { actorInspect } from '../../devtools/live/actor-inspect';
import { LoginForm, type LoginFormData } from '../../features/login/login-form';
import { readEntryQuery } from '../../machines/entry-query';
import { loginMachine } from '../../machines/login-machine';
import { messageText } from '../../machines/message';
import { Toasts } from '../../ui/toast/toasts';
import '../../ui/toast/toasts.css';
import { autoLoginUrl } from '../auto-login';
import { SIGNED_OUT_PARAM } from '../portal/portal-session';
import { sessionStore } from '../session-store';

/** Same host: the dashboard; another host (its exam type's): there, logging in with roll_no and dob. */
function dashboardLocation(dashboardUrl: string, rollNumber: string, dob: string): string {
  const url = new URL(dashboardUrl, window.location.href);
  return url.host === window.location.host ? '/dashboard' : autoLoginUrl(url, rollNumber, dob);
}

export function mount(element: HTMLElement): void {
  const data = JSON.parse(element.dataset.islandProps ?? '{}') as LoginFormData;
  const store = sessionStore();
  const machine = loginMachine.provide({
    actors: { login: fromPromise(({ input }) => login(input)) },
    actions: {
      storeSession: (_, session) =>
        store.login({ token: session.token, rollNumber: session.rollNumber, dob: session.dob }),
      goToDashboard: (_, target) =>
        window.location.assign(dashboardLocation(target.dashboardUrl, target.rollNumber, target.dob)),
      showToast: (_, toast) =>
        store.showToast({
          type: toast.type,
          message: messageText((key) => data.messages[key], toast.message),
        }),
    },
  });
  createRoot(element).render(
    <>
      <LoginForm
        machine={machine}
        input={{ query: readEntryQuery(window.location.search) }}
        signedOutReason={new URLSearchParams(window.location.search).get(SIGNED_OUT_PARAM)}
        inspect={actorInspect}
        {...data}
      />
      <Toasts
        store={store.toast}
        durationMs={data.toast.durationMs}
        warnDurationMs={data.toast.warnDurationMs}
      />
    </>,
  );
}
