// Every machine the inspector draws, the exporter writes and the flow lint checks. One line per
// machine: add a new flow here and it is drawn, exported and linted.
import type { AnyStateMachine } from 'xstate';
import { coursePurchaseMachine } from '../machines/course-purchase-machine';
import { dashboardMachine } from '../machines/dashboard-machine';
import { editExamMachine } from '../machines/edit-exam-machine';
import { editProfileMachine } from '../machines/edit-profile-machine';
import { loginMachine } from '../machines/login-machine';
import { mockPackMachine } from '../machines/mock-pack-machine';
import { orderConfirmationMachine } from '../machines/order-confirmation-machine';
import { paymentReturnMachine } from '../machines/payment-return-machine';
import { recoveryMachine } from '../machines/recovery-machine';
import { registrationDetailsMachine } from '../machines/registration-details-machine';
import { registrationExamMachine } from '../machines/registration-exam-machine';
import { registrationMachine } from '../machines/registration-machine';
import {
  registrationMobileMachine,
  registrationVerifyMachine,
} from '../machines/registration-mobile-machine';
import { registrationSignupMachine } from '../machines/registration-signup-machine';
import { registrationSuccessMachine } from '../machines/registration-success-machine';
import { testLaunchMachine } from '../machines/test-launch-machine';

export interface MachineEntry {
  /** kebab-case, unique: the file name in docs/machines/ and the inspector's address. */
  name: string;
  title: string;
  machine: AnyStateMachine;
}

export const MACHINES: MachineEntry[] = [
  { name: 'login', title: 'Login', machine: loginMachine },
  { name: 'recovery', title: 'Recover login details', machine: recoveryMachine },
  { name: 'registration', title: 'Registration', machine: registrationMachine },
  { name: 'registration-mobile', title: 'Registration: mobile (step 1)', machine: registrationMobileMachine },
  { name: 'verify-mobile', title: 'Verify mobile (OTP)', machine: registrationVerifyMachine },
  {
    name: 'registration-details',
    title: 'Registration: details (step 2)',
    machine: registrationDetailsMachine,
  },
  { name: 'registration-exam', title: 'Registration: exam (step 3)', machine: registrationExamMachine },
  { name: 'registration-signup', title: 'Registration: signup', machine: registrationSignupMachine },
  { name: 'registration-success', title: 'Registration: success', machine: registrationSuccessMachine },
  { name: 'dashboard', title: 'Dashboard', machine: dashboardMachine },
  { name: 'edit-exam', title: 'Edit exam', machine: editExamMachine },
  { name: 'edit-profile', title: 'Edit profile', machine: editProfileMachine },
  { name: 'mock-pack', title: 'Mock paper pack purchase', machine: mockPackMachine },
  { name: 'test-launch', title: 'Test launch', machine: testLaunchMachine },
  { name: 'course-purchase', title: 'Course purchase', machine: coursePurchaseMachine },
  { name: 'payment-return', title: 'Payment return (pack, exam edit)', machine: paymentReturnMachine },
  {
    name: 'order-confirmation',
    title: 'Order confirmation (back from the gateway)',
    machine: orderConfirmationMachine,
  },
];
