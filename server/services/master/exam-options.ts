// The registration exam step's option rules (part 2 §3 "Option lists"): the centres with an open
// date (server/routes/master/exam-options.ts serves them; the slots are src/domain/exam-slots.ts).
import type { Programme } from '../../../src/generated/config/programme';
import type { AppContext } from '../../context';
import type { CentresTable } from '../../db/tables/master';
import { openExamDates } from './exam-calendar';

/** Centres with at least one open date (for the checked-state and checked-centre lists). */
export async function withOpenDates(ctx: AppContext, programme: Programme, centres: CentresTable[]) {
  const kept: CentresTable[] = [];
  for (const c of centres) if ((await openExamDates(ctx, programme, c)).length > 0) kept.push(c);
  return kept;
}
