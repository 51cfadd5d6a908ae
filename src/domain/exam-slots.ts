// The programme's exam slots as the option list shows them, in a locale. Pure: the server's
// option lists and signup, and the Studio's card preview (its canned answers), use this one rule.
import type { ExamSlot } from '../generated/api/exam-slots';
import type { Landing } from '../generated/config/landing';
import type { Programme } from '../generated/config/programme';

/** The programme's slots, each labelled in `locale` where its config has that translation. */
export function examSlots(
  programme: Pick<Programme, 'schedule'>,
  locale: Landing['locale'] = 'en',
): ExamSlot[] {
  return programme.schedule.slots.map((s) => ({
    tid: s.id,
    name: (locale === 'en' ? undefined : s.translations?.[locale]?.label) ?? s.label,
    mode: s.mode,
    start: s.start,
    end: s.end,
  }));
}
