// The places and dates the Studio's card preview offers (issue 39 §2): the master list's states and
// centres that hold this programme's exam, and the dates its schedule opens now, so a preview of a
// page never names a centre or a date a student of it could not choose. Read by the same rules as
// the registration's option lists (centres.ts, exam-calendar.ts); a few of each are enough.
import type { Locale } from '../../../src/engine/config-bundle';
import type { Programme } from '../../../src/generated/config/programme';
import type { AppContext } from '../../context';
import type { StudioCardWorldReply as CardWorldPlaces } from '../../../src/generated/api/studio-card-world';
import { centreByCode, centreValue, listedCentres } from './centres';
import { datesPerCentre, openExamDates } from './exam-calendar';
import { states } from './master-lists';
import { centreLabelIn, inShownOrder, stateNameIn } from './place-names';
import { dateLabel } from '../exams/time';

/** How many of each list the preview shows (enough to choose between). */
const SHOWN = 3;

export async function cardWorldPlaces(
  ctx: AppContext,
  programme: Programme,
  locale: Locale,
): Promise<CardWorldPlaces> {
  // The card lists centres for an offline slot (an online test goes to its preset).
  const offline = programme.schedule.slots.some((slot) => slot.mode === 'Offline');
  const serving = await listedCentres(ctx, {
    examType: programme.examType,
    ...(offline ? { mode: 'Offline' } : {}),
  });
  const withCentre = new Set(serving.map((c) => c.state_tid));
  const shownStates = inShownOrder(
    (await states(ctx))
      .filter((s) => withCentre.has(s.tid))
      .map((s) => ({ tid: s.tid, stateName: stateNameIn(s, locale), shortCode: s.short_code })),
    (s) => s.stateName,
    locale,
  );
  const preset = programme.registration.defaultCentre
    ? await centreByCode(ctx, programme.registration.defaultCentre)
    : undefined;
  // The preset's state first (a preview of an online test lands there), then the others.
  const first = shownStates.find((s) => s.tid === preset?.state_tid) ?? shownStates[0];
  const ordered = first ? [first, ...shownStates.filter((s) => s !== first)] : [];
  const inState = inShownOrder(
    serving.filter((c) => c.state_tid === first?.tid),
    (c) => centreLabelIn(c, locale),
    locale,
  );
  const presetServes = inState.find((c) => c.id === preset?.id);
  const centres = (
    presetServes ? [presetServes, ...inState.filter((c) => c !== presetServes)] : inState
  ).slice(0, SHOWN);
  // Dates set per centre need one: a programme with no centre at all has none to show.
  const dateCentre = presetServes ?? centres[0];
  const dates =
    dateCentre || !(await datesPerCentre(ctx, programme))
      ? await openExamDates(ctx, programme, dateCentre)
      : [];
  return {
    states: ordered.slice(0, SHOWN),
    centres: centres.map((c) => ({
      label: centreLabelIn(c, locale),
      value: centreValue(c),
      code: c.code,
      id: c.id,
    })),
    dates: dates.slice(0, SHOWN).map((value) => ({ value, label: dateLabel(value, locale) })),
    preset: presetServes ? { stateTid: presetServes.state_tid, centreCode: presetServes.code } : null,
  };
}
