// The registration machine with the app's calls and effects, each given to the step machine that
// makes it (XState's `.provide()` does not reach a child), so the island and the tests name a call
// once, not the step that happens to own it. Steps 2 to 5 load later (registration-later-steps.ts,
// in the form steps' chunk): the parent passes through `loadingSteps` until they are here.
import { fromPromise } from 'xstate';
import { deferredLogic } from './deferred-logic';
import { orderConfirmationMachine } from './order-confirmation-machine';
import { given, type RegistrationImplementations } from './registration-implementations';
import type * as laterStepsModule from './registration-later-steps';
import type { LaterSteps } from './registration-later-steps';
import { registrationMachine } from './registration-machine';
import { registrationMobileMachine } from './registration-mobile-machine';

/** Steps 2 to 5 (registration-later-steps.ts) as a module. */
export type LaterStepsModule = typeof laterStepsModule;

/**
 * The registration machine with the app's calls and effects given to the steps that make them.
 * `load` brings steps 2 to 5 when step 1 ends: the page's dynamic import (with the form steps'
 * view), or the module itself where a test or the Studio holds it.
 */
export function provideRegistration(
  implementations: RegistrationImplementations,
  load: () => Promise<LaterStepsModule>,
) {
  const { actors = {}, actions = {}, delays = {} } = implementations;
  const {
    verifyMobile,
    startCallerIdentity,
    checkCallerIdentity,
    fetchLeadBySfId,
    fetchLeadsByMobile,
    waitForOrder,
  } = actors;
  const { track, goToLogin } = actions;
  let later: LaterSteps | undefined;
  const laterStep = <K extends keyof LaterSteps>(name: K) => deferredLogic(name, () => later?.[name]);
  return registrationMachine.provide({
    actors: given({
      mobileStep: registrationMobileMachine.provide({
        actors: given({ verifyMobile, startCallerIdentity, checkCallerIdentity }),
        actions: given({ track }),
        delays: given(delays),
      }),
      detailsStep: laterStep('detailsStep'),
      examStep: laterStep('examStep'),
      signupStep: laterStep('signupStep'),
      successStep: laterStep('successStep'),
      loadLaterSteps: fromPromise(async () => {
        later ??= (await load()).provideLaterSteps(implementations);
        return undefined;
      }),
      fetchLeadBySfId,
      fetchLeadsByMobile,
      confirmOrder: orderConfirmationMachine.provide({ actors: given({ waitForOrder }) }),
    }),
    actions: given({ goToLogin, track }),
  });
}
