// What the student sees of the recovery screen in a machine state: the step, the id field, the code
// boxes, the details and the actions offered (by their string's name). The form renders from it and
// the machine's model test checks it after every event. Pure: snapshots in, values out.
import type { SnapshotFrom } from 'xstate';
import type {
  RecoveryMachine,
  RecoveryMessage,
  RecoveryVerifyMachine,
} from '../../machines/recovery-machine';
import { codeEntryView, type CodeEntryView } from '../../machines/verify-mobile-machine';
import type { RecoveryFormData } from './recovery-form';

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
