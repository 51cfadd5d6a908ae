// The words the admissions FAQ may use for a programme's scholarship rules (programme.scholarship),
// so its answers state the same validity, cap and offline-test threshold the scoring applies.
import type { Programme } from '../generated/config/programme';

type Scholarship = NonNullable<Programme['scholarship']>;

export function scholarshipWords(s: Scholarship): Record<string, string> {
  return {
    validityDays: String(s.validityDays),
    maxPercent: String(s.maxPercent),
    repeaterMaxPercent: String(s.repeater?.maxPercent ?? s.maxPercent),
    offlineTestAbovePercent: String(s.offlineTest?.abovePercent ?? s.maxPercent),
    offlineTestWithinDays: String(s.offlineTest?.withinDays ?? ''),
  };
}

/** A config text with the scholarship's words filled in; other braces are left as written. */
export function withScholarshipWords(text: string, scholarship: Scholarship | undefined): string {
  if (!scholarship) return text;
  const words = scholarshipWords(scholarship);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => words[name] ?? whole);
}
