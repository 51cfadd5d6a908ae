// The registration exam step's option rules (part 2 §3 "Option lists"): the programme's slots in a
// locale and the centres with an open date (server/routes/master/exam-options.ts serves them).
import type { ExamSlot } from '../../../src/generated/api/exam-slots';
import type { Locale } from '../../../src/engine/config-bundle';
import type { Programme } from '../../../src/generated/config/programme';
import type { AppContext } from '../../context';
import type { CentresTable } from '../../db/tables/master';
import { openExamDates } from './exam-calendar';

/** The programme's slots, each labelled in `locale` where its config has that translation. */
export function examSlots(programme: Programme, locale: Locale = 'en'): ExamSlot[] {
  return programme.schedule.slots.map((s) => ({
    tid: s.id,
    name: (locale === 'en' ? undefined : s.translations?.[locale]?.label) ?? s.label,
    mode: s.mode,
    start: s.start,
    end: s.end,
  }));
}

/** Centres with at least one open date (for the checked-state and checked-centre lists). */
export async function withOpenDates(ctx: AppContext, programme: Programme, centres: CentresTable[]) {
  const kept: CentresTable[] = [];
  for (const c of centres) if ((await openExamDates(ctx, programme, c)).length > 0) kept.push(c);
  return kept;
}
