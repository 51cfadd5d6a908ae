// Steps 2 to 5 of the registration card (details, exam, signup, success), loaded when step 1 ends
// or at the browser's first idle moment, with the form steps they show (the card's first script
// holds step 1 only: issue 22's landing budget). registration-provide.ts loads this module and
// gives each step the app's calls and effects it names.
import { registrationDetailsMachine } from './registration-details-machine';
import { registrationExamMachine } from './registration-exam-machine';
import { given, type RegistrationImplementations } from './registration-implementations';
import { registrationSignupMachine } from './registration-signup-machine';
import { registrationSuccessMachine } from './registration-success-machine';

/** The later steps with the app's calls and effects, by the parent's names for them. */
export function provideLaterSteps({ actors = {}, actions = {} }: RegistrationImplementations) {
  const { loadClassStreams, signup, copyText, validateCoupon } = actors;
  const { loadSlots, loadStates, loadCentres, loadDates, loadOnlinePreset, locateNearestCentre } = actors;
  const { track, showToast, redirectToPayment, rememberRegistration, goToDashboard } = actions;
  return {
    detailsStep: registrationDetailsMachine.provide({
      actors: given({ loadClassStreams }),
      actions: given({ track }),
    }),
    examStep: registrationExamMachine.provide({
      actors: given({
        loadSlots,
        loadStates,
        loadCentres,
        loadDates,
        loadOnlinePreset,
        locateNearestCentre,
        validateCoupon,
      }),
      actions: given({ track }),
    }),
    signupStep: registrationSignupMachine.provide({
      actors: given({ signup }),
      actions: given({ track, showToast, redirectToPayment, rememberRegistration }),
    }),
    successStep: registrationSuccessMachine.provide({
      actors: given({ copyText }),
      actions: given({ showToast, goToDashboard }),
    }),
  };
}

export type LaterSteps = ReturnType<typeof provideLaterSteps>;
