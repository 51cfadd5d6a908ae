// The recovery island: the recovery machine with the real API, the otp_id key and toasts.
import { createRoot } from 'react-dom/client';
import { fromPromise } from 'xstate';
import { requestRecoveryOtp } from '../../api/endpoints/recover-otp';
import { verifyRecoveryOtp } from '../../api/endpoints/recover-verify';
import { actorInspect } from '../../devtools/live/actor-inspect';
import { RecoveryForm } from '../../features/recovery/recovery-form';
import type { RecoveryFormData } from '../../features/recovery/recovery-view';
import { recoveryMachine, recoveryVerifyMachine } from '../../machines/recovery-machine';
import { messageText } from '../../machines/message';
import { recoveryKeeping, RECOVERY_FLOW } from '../../machines/recovery-resume';
import { Toasts } from '../../ui/toast/toasts';
import '../../ui/toast/toasts.css';
import { keptFlows } from '../kept-flows';
import { sessionStore } from '../session-store';

export function mount(element: HTMLElement): void {
  const data = JSON.parse(element.dataset.islandProps ?? '{}') as RecoveryFormData;
  const store = sessionStore();
  const machine = recoveryMachine.provide({
    actors: {
      generateOtp: fromPromise(({ input }) => requestRecoveryOtp(input)),
      // A new code is a new generate-OTP call (a new otp_id); the check is the validate-OTP call.
      verifyMobile: recoveryVerifyMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }) => {
            const reply = await requestRecoveryOtp({ login_id: input.to });
            return {
              sentTo: reply.data.mobile_number,
              otpId: reply.data.otp_id,
              codeLength: reply.data.otp_length,
            };
          }),
          checkCode: fromPromise(({ input }) =>
            verifyRecoveryOtp({
              otp_id: input.otpId,
              otp: input.code,
              login_id: input.to,
              resendUserDetails: false,
            }),
          ),
        },
        actions: { codeSent: (_, { otpId }) => store.set('otp_id', otpId) },
      }),
      validateOtp: fromPromise(({ input }) => verifyRecoveryOtp(input)),
    },
    actions: {
      persistOtpId: (_, { otpId }) => store.set('otp_id', otpId),
      showToast: (_, toast) =>
        store.showToast({
          type: toast.type,
          message: messageText((key) => data.messages[key], toast.message),
        }),
    },
  });
  createRoot(element).render(
    <>
      <RecoveryForm
        machine={machine}
        inspect={actorInspect}
        // The OTP step outlives a reload or a discarded tab (recovery-resume.ts).
        resume={keptFlows.resume(RECOVERY_FLOW, machine)}
        onMoved={(actor) => keptFlows.keep(RECOVERY_FLOW, recoveryKeeping(actor))}
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
