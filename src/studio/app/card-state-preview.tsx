// The registration card of the draft, put into any state of its flow: the list of
// states comes from the registration machines (src/studio/model/card-states.ts); the card is the
// one the landing page hydrates (RegistrationCardRoot), with the draft's heading and the page's
// strings in its locale, driven into the chosen state with canned answers. Nothing here calls the
// API, and the card cannot leave the Studio: its links and forms go nowhere, and the gateway, the
// login and the dashboard redirects are no-ops.
import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type SyntheticEvent,
} from 'react';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { cardParts } from '../../features/registration/card-state';
import { viewOf, type CardStep } from '../../features/registration/card-view';
import { registrationCardData, type RegistrationCardData } from '../../engine/registration-card';
import { RegistrationCardRoot } from '../../features/registration/registration-card-root';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Block, Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import {
  CANNED,
  cannedRegistration,
  exploreCardStates,
  playRecipe,
  viewKind,
  type CardRecipe,
  type CardStateEntry,
} from '../model/card-states';
import { cannedWorldOf, type CannedWorld } from '../model/card-world';
import type { CardWorldPlaces, Json, StudioApi } from './studio-api';

type CardBlock = Extract<Block, { type: 'registration-card' }>;

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The draft's card block, if its page has one. */
function cardBlockOf(landing: Json): CardBlock | undefined {
  const blocks = isObject(landing) && Array.isArray(landing.blocks) ? landing.blocks : [];
  return blocks.find((b) => isObject(b) && b.type === 'registration-card') as CardBlock | undefined;
}

/**
 * The card's data for the draft, as the prerenderer builds it for the page (the draft's card block
 * and paths, its programme, the site, the UI strings of its locale), loaded through the file API.
 */
export const CardStatePreviewForDraft = memo(function CardStatePreviewForDraft({
  api,
  content,
  width,
  strings,
  step,
}: {
  api: StudioApi;
  content: Json;
  width: number;
  /** The texts to draw it with (a draft of the string table), instead of the published ones. */
  strings?: UiStringTable;
  /** The screen to show first (the first state of that step), instead of the card's first. */
  step?: CardStep;
}) {
  const landing = content as unknown as Landing;
  const block = cardBlockOf(content);
  const programmeId = isObject(content) && typeof content.programme === 'string' ? content.programme : '';
  const locale = landing.locale;
  const [files, setFiles] = useState<{ programme: Programme; site: Site; strings: UiStringTable } | string>();
  useEffect(() => {
    if (!block || !programmeId) return;
    let live = true;
    Promise.all([
      api.getFile(`programmes/${programmeId}.json`),
      api.getFile('site.json'),
      api.getFile(`i18n/${locale}.json`),
    ]).then(
      ([programme, site, i18n]) => {
        if (!live) return;
        if (!programme || !site || !i18n)
          setFiles('The programme, the site or the texts of this language are missing.');
        else
          setFiles({
            programme: programme.content as unknown as Programme,
            site: site.content as unknown as Site,
            strings: (i18n.content as unknown as { strings: UiStringTable }).strings,
          });
      },
      (error: Error) => live && setFiles(`The card could not be loaded: ${error.message}`),
    );
    return () => void (live = false);
    // The block is read from the draft on every keystroke; the files depend on these only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, programmeId, locale, Boolean(block)]);

  // The real places and dates of the programme (the sample stands in until they come).
  const [places, setPlaces] = useState<CardWorldPlaces | null>(null);
  useEffect(() => {
    if (!block || !programmeId) return;
    let live = true;
    api.cardWorld({ programme: programmeId, locale: locale === 'hi' ? 'hi' : 'en' }).then(
      (answer) => live && setPlaces(answer),
      () => live && setPlaces(null),
    );
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, programmeId, locale, Boolean(block)]);

  const eligibility = JSON.stringify(landing.eligibility ?? null);
  const programme = files && typeof files !== 'string' ? files.programme : undefined;
  // The made-up answers come from the draft's programme and its page (classes, slots, fee).
  const world = useMemo(
    () =>
      programme &&
      cannedWorldOf(
        {
          programme,
          locale,
          ...(landing.eligibility ? { eligibility: landing.eligibility } : {}),
        },
        places,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [programme, locale, eligibility, places],
  );
  const built =
    block && files && typeof files !== 'string'
      ? registrationCardData({
          ...files,
          ...(strings ? { strings } : {}),
          landing,
          block,
          path: landing.paths?.[0] ?? '/',
          headingId: `studio-${block.id ?? 'register_now'}-heading`,
        })
      : undefined;
  // The card's data is the same object while its JSON is: a keystroke elsewhere on the page (the
  // hero, a FAQ entry) does not redraw the card.
  const json = built ? JSON.stringify(built) : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => built, [json]);

  if (!block) return <p className="st-card-states__note">This page has no registration card.</p>;
  if (typeof files === 'string') return <p role="alert">{files}</p>;
  if (!data || !world) return <p role="status">Loading the registration card…</p>;
  return <CardStatePreview data={data} world={world} width={width} {...(step ? { step } : {})} />;
});

/** The card's input as the page gives it, for the exploration (the query comes with each recipe). */
const inputOf = (data: RegistrationCardData) => ({
  programme: data.programme,
  registrationPage: data.registrationPage,
  ...(data.fixedCourseType ? { fixedCourseType: data.fixedCourseType } : {}),
});

export const CardStatePreview = memo(function CardStatePreview({
  data,
  world,
  width,
  step,
}: {
  data: RegistrationCardData;
  world: CannedWorld;
  width: number;
  /** The screen to show until another is chosen (its first state), else the card's first. */
  step?: CardStep;
}) {
  const selectId = useId();
  // The states depend on the programme, the page's course type and its made-up answers, not on
  // the texts.
  const flowKey = JSON.stringify({ input: inputOf(data), world });
  const [states, setStates] = useState<CardStateEntry[] | Error>();
  const [chosen, setChosen] = useState('');
  // The state the card is in now, as a student clicks through it (the list follows the card).
  const [reached, setReached] = useState<string>();
  // Each choice in the list puts the card in that state again, even the one it was put in last.
  const [plays, setPlays] = useState(0);
  useEffect(() => {
    let live = true;
    exploreCardStates(JSON.parse(flowKey) as { input: ReturnType<typeof inputOf>; world: CannedWorld }).then(
      (list) => live && setStates(list),
      (error: unknown) => live && setStates(error instanceof Error ? error : new Error(String(error))),
    );
    return () => void (live = false);
  }, [flowKey]);

  if (states instanceof Error)
    return <p role="alert">The card's states could not be listed: {states.message}</p>;
  const entry =
    states?.find((s) => s.id === chosen) ?? states?.find((s) => s.view.step === step) ?? states?.[0];
  const shown = states?.find((s) => s.id === reached) ?? entry;
  const onReached = (kinds: string[]) => {
    const known = kinds.find((kind) => states?.some((s) => s.id === kind));
    if (known) setReached(known);
  };
  return (
    <div className="st-card-states">
      <div className="st-card-states__bar">
        <label htmlFor={selectId}>Registration card state</label>
        <select
          id={selectId}
          value={shown?.id ?? ''}
          disabled={!states}
          onChange={(event) => {
            setChosen(event.target.value);
            setReached(undefined);
            setPlays((n) => n + 1);
          }}
        >
          {states ? (
            states.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))
          ) : (
            <option value="">Finding the card's states…</option>
          )}
        </select>
      </div>
      <p className="st-card-states__note">
        Made-up answers: nothing is sent or saved. In the card, OTP {CANNED.rightOtp} is right and{' '}
        {CANNED.wrongOtp} wrong; coupon {CANNED.validCoupon} is valid.
      </p>
      {entry ? (
        // A new state or new texts: a new card, put into that state from its first screen.
        <CardInState
          key={`${entry.id}|${plays}|${JSON.stringify(data)}`}
          data={data}
          world={world}
          recipe={entry.recipe}
          width={width}
          onReached={onReached}
        />
      ) : null}
    </div>
  );
});

/** The form's fields as a student leaves them: their errors show (the form's own rule). */
async function revealFieldErrors(container: HTMLElement, live: () => boolean): Promise<void> {
  // The form steps' chunk and schema load first.
  for (let i = 0; i < 100 && live(); i++) {
    const fields = container.querySelectorAll('form input, form select');
    if (fields.length > 0) {
      // React's onBlur listens to focusout: no focus moves out of the Studio's own form.
      for (const field of fields) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** The preview never leaves the Studio: a link or a form of the card goes nowhere. */
const stay = (event: SyntheticEvent) => {
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'submit' || target?.closest('a[href]')) event.preventDefault();
};

function CardInState({
  data,
  world,
  recipe,
  width,
  onReached,
}: {
  data: RegistrationCardData;
  world: CannedWorld;
  recipe: CardRecipe;
  width: number;
  /** The kinds of screen the card shows now (after the recipe), most particular first. */
  onReached: (kinds: string[]) => void;
}) {
  const machine = useMemo(() => cannedRegistration(world, recipe.answers), [world, recipe.answers]);
  const root = useRef<AnyActorRef | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const played = useRef(false);
  // What to tell the list, while this card is the one shown (a replaced card's timers say nothing).
  const report = useRef<typeof onReached | undefined>(undefined);
  useLayoutEffect(() => {
    report.current = onReached;
    return () => void (report.current = undefined);
  }, [onReached]);
  const pending = useRef(false);
  // The card's running actor: the root that processed its first event (an actor React created
  // but never started reports none). Once the recipe has played, every step the student takes in
  // the card is told to the list (once per burst of the machines' events).
  const inspect = useMemo(
    () => (event: InspectionEvent) => {
      if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId)
        root.current = event.actorRef as AnyActorRef;
      if (!played.current || pending.current) return;
      pending.current = true;
      queueMicrotask(() => {
        pending.current = false;
        const actor = root.current;
        if (!actor) return;
        const view = viewOf(cardParts(actor.getSnapshot() as Parameters<typeof cardParts>[0]));
        report.current?.([viewKind(view, recipe), viewKind(view, { answers: recipe.answers })]);
      });
    },
    [recipe],
  );
  useEffect(() => {
    let live = true;
    const actor = root.current;
    if (!actor) return;
    void (async () => {
      await playRecipe(actor, recipe, () => live);
      if (live && recipe.revealFieldErrors && box.current) await revealFieldErrors(box.current, () => live);
      if (!live) return;
      played.current = true;
      setReady(true);
    })();
    return () => void (live = false);
  }, [recipe]);

  return (
    <div
      ref={box}
      className="st-card-states__frame"
      style={{ width, maxWidth: '100%' }}
      onClickCapture={stay}
      onSubmitCapture={stay}
      aria-busy={!ready}
    >
      {ready ? null : <p role="status">Putting the card in this state…</p>}
      <section
        className="ef-register"
        aria-labelledby={data.headingId}
        style={ready ? undefined : { visibility: 'hidden' }}
      >
        <RegistrationCardRoot
          data={data}
          machine={machine}
          input={{
            query: recipe.query,
            tracking: {},
            ...(data.fixedCourseType ? { fixedCourseType: data.fixedCourseType } : {}),
          }}
          checkOpen={async () => !recipe.answers.noDates}
          inspect={inspect}
        />
      </section>
    </div>
  );
}
