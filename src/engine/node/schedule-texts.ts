// The clock times and test lengths a programme's texts name (its own and its landing pages', English
// and Hindi) must be ones its schedule holds, so a changed slot cannot leave a page saying the old
// time ("every text a student reads says the same time"); so must how early they tell students to
// arrive (windows.reportingMinutesBefore, the reporting time the thank-you states). Texts that can
// say the time through {opensAt}, {closesAt} or {startBy} do; this catches the ones written out by hand.
import { latestFullStart, reportingTime } from '../../domain/exam-window';
import type { Programme } from '../../generated/config/programme';
import { escapeSegment } from '../content/pointer';

export interface TextProblem {
  pointer: string;
  message: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;

/** Every HH:MM a text names: "9 AM", "10:00 AM", "1:20 PM", "सुबह 9 बजे", "रात 10 बजे". */
export function clockTimes(text: string): string[] {
  const times: string[] = [];
  for (const m of text.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s?(AM|PM)\b/gi)) {
    const hour = Number(m[1]) % 12;
    const pm = (m[3] ?? '').toUpperCase() === 'PM';
    times.push(clock(pm ? hour + 12 : hour, Number(m[2] ?? 0)));
  }
  // Hindi: the part of the day comes first (सुबह morning, दोपहर afternoon, शाम evening, रात night).
  for (const m of text.matchAll(/(सुबह|दोपहर|शाम|रात)\s?(\d{1,2})(?::(\d{2}))?\s?बजे/g)) {
    const hour = Number(m[2]) % 12;
    const pm = m[1] !== 'सुबह' && !(m[1] === 'रात' && hour < 4);
    times.push(clock(pm ? hour + 12 : hour, Number(m[3] ?? 0)));
  }
  return times;
}

/** Every test length a text names, in minutes: "lasts 60 minutes", "(3 hours 20 minutes)", "60 मिनट की". */
export function testLengths(text: string): number[] {
  const lengths: number[] = [];
  for (const m of text.matchAll(/\b(?:lasts|test of)\s(\d+)\s(hours?|minutes)\b/gi))
    lengths.push(Number(m[1]) * (m[2]?.startsWith('hour') ? 60 : 1));
  for (const m of text.matchAll(/\((\d+) hours?(?: (\d+) minutes)?\)/g))
    lengths.push(Number(m[1]) * 60 + Number(m[2] ?? 0));
  for (const m of text.matchAll(/(\d+)\sमिनट की/g)) lengths.push(Number(m[1]));
  return lengths;
}

/** How early a text tells students to arrive, in minutes: "arrive 30 minutes early", "30 मिनट पहले". */
export function earlyMinutes(text: string): number[] {
  const minutes: number[] = [];
  for (const m of text.matchAll(/\b(\d+)\sminutes\searly\b/gi)) minutes.push(Number(m[1]));
  for (const m of text.matchAll(/(\d+)\sमिनट\sपहले/g)) minutes.push(Number(m[1]));
  return minutes;
}

/** The times a programme's texts may name: its slots, their latest full start and reporting time, its cut-offs. */
export function scheduleTimes(programme: Programme): Set<string> {
  const { schedule, windows } = programme;
  const times = new Set<string>();
  for (const slot of schedule.slots) {
    times.add(slot.start).add(slot.end).add(latestFullStart(slot, schedule.durationMinutes));
    if (windows.reportingMinutesBefore !== undefined)
      times.add(reportingTime(slot, windows.reportingMinutesBefore));
  }
  if (schedule.sameDayRegistrationClosesAt) times.add(schedule.sameDayRegistrationClosesAt);
  if (windows.detailedResultFrom) times.add(windows.detailedResultFrom);
  return times;
}

function strings(value: unknown, pointer: string): { text: string; pointer: string }[] {
  if (typeof value === 'string') return [{ text: value, pointer }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${pointer}/${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${pointer}/${escapeSegment(k)}`));
  return [];
}

// Frozen files (the Studio's CheckedFiles) cannot change: their problems are kept, per programme.
const kept = new WeakMap<object, WeakMap<Programme, TextProblem[]>>();

/** Texts in `config` (a programme or a landing of it) that name a time or a length the schedule lacks. */
export function scheduleTextProblems(config: unknown, programme: Programme): TextProblem[] {
  if (!config || typeof config !== 'object' || !Object.isFrozen(config) || !Object.isFrozen(programme))
    return textProblems(config, programme);
  const byProgramme = kept.get(config) ?? new WeakMap<Programme, TextProblem[]>();
  kept.set(config, byProgramme);
  let problems = byProgramme.get(programme);
  if (!problems) {
    problems = Object.freeze(textProblems(config, programme)) as TextProblem[];
    byProgramme.set(programme, problems);
  }
  return problems;
}

function textProblems(config: unknown, programme: Programme): TextProblem[] {
  const times = scheduleTimes(programme);
  const lengths = new Set([programme.schedule.durationMinutes]);
  const allowedTimes = [...times].sort().join(', ');
  const problems: TextProblem[] = [];
  for (const { text, pointer } of strings(config, '')) {
    for (const time of clockTimes(text)) {
      if (!times.has(time))
        problems.push({
          pointer,
          message: `names ${time}, which programme "${programme.id}"'s schedule does not have (it has ${allowedTimes}); write {opensAt}, {closesAt} or {startBy}, or change the schedule`,
        });
    }
    for (const early of earlyMinutes(text)) {
      if (early !== programme.windows.reportingMinutesBefore)
        problems.push({
          pointer,
          message:
            programme.windows.reportingMinutesBefore === undefined
              ? `says to arrive ${early} minutes early; programme "${programme.id}" sets no windows.reportingMinutesBefore`
              : `says to arrive ${early} minutes early; programme "${programme.id}"'s windows.reportingMinutesBefore is ${programme.windows.reportingMinutesBefore}`,
        });
    }
    for (const length of testLengths(text)) {
      if (!lengths.has(length))
        problems.push({
          pointer,
          message: `says the test lasts ${length} minutes; programme "${programme.id}"'s durationMinutes is ${programme.schedule.durationMinutes}`,
        });
    }
  }
  return problems;
}
