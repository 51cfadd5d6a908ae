// What the registration card island renders, on the build (renderToString, embedded in the static
// landing page) and in the browser (hydrateRoot over that markup): the same tree from the same
// initial snapshot, so hydration finds exactly what the prerenderer wrote. The parts that depend on
// the browser (the caller-identity button on Android) appear only once the card is hydrated.
import { useEffect, useState } from 'react';
import type { ActorRefFrom, InspectionEvent, Snapshot } from 'xstate';
import { createTranslator } from '../../engine/i18n';
import type { RegistrationCardData } from '../../engine/registration-card';
import type { UiStringTable } from '../../generated/config/i18n';
import type { RegistrationMachine } from '../../machines/registration-machine';
import type { RegistrationInput } from '../../machines/registration-model';
import { cardViewData, RegistrationCard } from './registration-card';

export interface RegistrationCardRootProps {
  data: RegistrationCardData;
  /** The registration machine: as configured on the build, with the app's actors in the browser. */
  machine: RegistrationMachine;
  input: Omit<RegistrationInput, 'programme' | 'registrationPage'>;
  /** Offer the caller-identity app (Android); shown only after hydration. */
  offerCallerIdentity?: boolean;
  /** Runs once the whole card is hydrated and its machine runs (e.g. to hand it what was typed). */
  onHydrated?: () => void;
  /**
   * Whether any exam date is open now (the app asks the API once hydrated). When none is, the card
   * says so before the student types anything.
   */
  checkOpen?: () => Promise<boolean>;
  /** The app's inspector for the machine (development only; undefined in production and tests). */
  inspect?: (event: InspectionEvent) => void;
  /** A kept card to go on from, and where to keep it as it moves (registration-resume.ts). */
  resume?: Snapshot<unknown>;
  onMoved?: (actor: ActorRefFrom<RegistrationMachine>) => void;
}

/** The entry input of a page as prerendered: no query, nothing tracked, no token. */
export const PRERENDER_INPUT: RegistrationCardRootProps['input'] = { query: {}, tracking: {} };

export function RegistrationCardRoot({
  data,
  machine,
  input,
  offerCallerIdentity = false,
  onHydrated,
  checkOpen,
  inspect,
  resume,
  onMoved,
}: RegistrationCardRootProps) {
  const [hydrated, setHydrated] = useState(false);
  const [nothingOpen, setNothingOpen] = useState(false);
  useEffect(() => {
    let live = true;
    // A check that fails tells nothing: the card stays as it is (the date step says it again).
    checkOpen?.()
      .then((open) => live && !open && setNothingOpen(true))
      .catch(() => undefined);
    return () => void (live = false);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A parent's effect runs after its children's: the card's machine has started by now. The one
  // render this setState causes is the point: what only the browser knows appears after hydration,
  // and what was typed has reached the machine first (else that render would empty the field).
  useEffect(() => {
    onHydrated?.();
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
    // Once, on mount: a new callback identity must not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [t] = useState(() => createTranslator(data.strings as UiStringTable));
  return (
    <>
      {nothingOpen ? (
        <p role="status" className="ef-register__note ef-register__closed">
          {t('registration.noDateOpen')}
        </p>
      ) : null}
      <RegistrationCard
        machine={machine}
        input={input}
        offerCallerIdentity={hydrated && offerCallerIdentity}
        inspect={inspect}
        resume={resume}
        onMoved={onMoved}
        {...cardViewData(data)}
      />
      {hydrated ? null : (
        // Until the script has run, Verify is disabled: this says why. Positioned over the card's
        // corner (CSS), so its leaving moves nothing. When the script fails to arrive, the page's
        // island loader says so here and offers Retry (src/app/entries/island-loading.ts).
        <p className="ef-register__pending" role="status" data-island-pending="">
          {t('registration.placeholder')}
        </p>
      )}
    </>
  );
}
