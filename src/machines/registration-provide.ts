// The registration machine with the app's calls and effects, each given to the step machine that
// makes it (XState's `.provide()` does not reach a child), so the island and the tests name a call
// once, not the step that happens to own it. The steps' machines are small and come with the card;
// what steps 2 to 5 show (the @rjsf forms) is a chunk of its own: the parent passes through
// `loadingSteps` until `loadForms` has brought it (a plain dynamic import in the page).
import { fromPromise } from 'xstate';
import { orderConfirmationMachine } from './order-confirmation-machine';
import { registrationDetailsMachine } from './registration-details-machine';
import { registrationExamMachine } from './registration-exam-machine';
import { given, type RegistrationImplementations } from './registration-implementations';
import { registrationMachine } from './registration-machine';
import { registrationMobileMachine } from './registration-mobile-machine';
import { registrationSignupMachine } from './registration-signup-machine';
import { registrationSuccessMachine } from './registration-success-machine';

/**
 * The registration machine with the app's calls and effects given to the steps that make them.
 * `loadForms` brings the code steps 2 to 5 show, when step 1 ends (the page's dynamic import; a
 * test or the Studio that holds it already answers at once).
 */
export function provideRegistration(
  implementations: RegistrationImplementations,
  loadForms: () => Promise<unknown>,
) {
  const { actors = {}, actions = {}, delays = {} } = implementations;
  const { verifyMobile, startCallerIdentity, checkCallerIdentity, fetchLeadBySfId, fetchLeadsByMobile } =
    actors;
  const { waitForOrder, loadClassStreams, signup, copyText, validateCoupon } = actors;
  const { loadSlots, loadStates, loadCentres, loadDates, loadOnlinePreset, locateNearestCentre } = actors;
  const { track, goToLogin, showToast, redirectToPayment, rememberRegistration, goToDashboard } = actions;
  return registrationMachine.provide({
    actors: given({
      mobileStep: registrationMobileMachine.provide({
        actors: given({ verifyMobile, startCallerIdentity, checkCallerIdentity }),
        actions: given({ track }),
        delays: given(delays),
      }),
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
      loadLaterSteps: fromPromise(async () => {
        await loadForms();
        return undefined;
      }),
      fetchLeadBySfId,
      fetchLeadsByMobile,
      confirmOrder: orderConfirmationMachine.provide({ actors: given({ waitForOrder }) }),
    }),
    actions: given({ goToLogin, track }),
  });
}
