// A machine that a parent invokes but that loads later (a dynamic import), standing in under its
// name until then. XState resolves an `invoke` by name when the state is entered, so a parent can
// be created before the child's code has arrived, provided it enters that state only once the
// code is there (the registration card's `loadingSteps` state). Every use of the stand-in is a use
// of the loaded machine, so the actor, its snapshot and the inspector see that machine itself.
import type { AnyActorLogic } from 'xstate';

export function deferredLogic<T extends AnyActorLogic>(name: string, loaded: () => T | undefined): T {
  const logic = (): T => {
    const machine = loaded();
    if (!machine) throw new Error(`${name} was invoked before its code loaded`);
    return machine;
  };
  // The target is never read: every trap answers from the loaded machine (whose methods are bound
  // to it, so `this` inside them is the machine, not the stand-in).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(logic(), key),
    has: (_, key) => Reflect.has(logic(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(logic()),
  });
}

/** A step a parent names before its code is loaded (the loader gives it: registration-provide.ts). */
export const notLoaded = <T extends AnyActorLogic>(name: string) => deferredLogic<T>(name, () => undefined);
