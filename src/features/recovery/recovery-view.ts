// What the student sees of the recovery screen in a machine state: the step, the id field, the code
// boxes, the details and the actions offered (by their string's name). The form renders from it and
// the machine's model test checks it after every event. Pure: snapshots in, values out.
import type { SnapshotFrom } from 'xstate';
import type {
  RecoveryMachine,
  RecoveryMessage,
  RecoveryMessageKey,
  RecoveryVerifyMachine,
} from '../../machines/recovery-machine';
import { codeEntryView, type CodeEntryView } from '../../machines/verify-mobile-machine';

/** What the prerendered page hands the form (data-island-props): its texts, the login path, toasts. */
export interface RecoveryFormData {
  strings: {
    loginId: string;
    next: string;
    verify: string;
    edit: string;
    otp: string;
    otpDigit: string;
    otpSent: string;
    resendOtp: string;
    resendWait: string;
    detailsSent: string;
    sendAgain: string;
    yourDetails: string;
    rollNumber: string;
    password: string;
    toLogin: string;
    backToLogin: string;
    resendDetailsWait: string;
    disabledId: string;
    disabledOtp: string;
  };
  /** The strings of what the machine may say (its message keys). */
  messages: Record<RecoveryMessageKey, string>;
  loginPath: string;
  toast: { durationMs: number; warnDurationMs: number };
}

export type RecoveryStep = 'id' | 'sending' | 'otp' | 'detailsSent' | 'details';
type Label = keyof RecoveryFormData['strings'];

export interface RecoveryView {
  step: RecoveryStep;
  loginId?: { value: string; error?: RecoveryMessage };
  code?: CodeEntryView;
  details?: { rollNumber: string; dob: string };
  actions: Array<{ label: Label; enabled: boolean }>;
}

export function recoveryView(
  state: SnapshotFrom<RecoveryMachine>,
  verify?: SnapshotFrom<RecoveryVerifyMachine>,
): RecoveryView {
  const { context } = state;
  if (state.matches('enteringId') || state.matches('sendingId')) {
    return {
      step: state.matches('sendingId') ? 'sending' : 'id',
      loginId: { value: context.loginId, error: context.idError },
      actions: [{ label: 'next', enabled: state.can({ type: 'id.submit' }) }],
    };
  }
  if (state.matches('otpStep')) {
    const code = verify ? codeEntryView(verify) : undefined;
    return {
      step: 'otp',
      code,
      actions: [
        { label: 'edit', enabled: true },
        { label: 'verify', enabled: Boolean(code?.canSubmit) },
        ...(code?.canResend ? [{ label: 'resendOtp' as const, enabled: true }] : []),
      ],
    };
  }
  const resend = state.can({ type: 'details.resend' })
    ? [{ label: 'sendAgain' as const, enabled: true }]
    : [];
  if (state.matches('detailsSent')) {
    return {
      step: 'detailsSent',
      actions: [{ label: 'toLogin', enabled: true }, { label: 'edit', enabled: true }, ...resend],
    };
  }
  return {
    step: 'details',
    details: { rollNumber: context.details?.roll_number ?? '', dob: context.details?.dob ?? '' },
    actions: [{ label: 'toLogin', enabled: true }, ...resend],
  };
}
