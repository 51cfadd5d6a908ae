// Dates as the spec writes them. Pure: shared by the client and the server.

/** DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD → YYYY-MM-DD, or undefined when it is not a real date. */
export function parseDob(value: string): string | undefined {
  const m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = value.includes('-') && /^\d{4}/.test(value) ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return undefined;
  return `${y}-${mo}-${d}`;
}

/**
 * A date of birth as it is typed or pasted, as the DD/MM/YYYY box shows it (part of it while it is
 * being typed): digits only, slashes put in as they arrive. A day or month written with one digit
 * before a separator gets its 0 ("1/1/2010" → 01/01/2010, never 11/20/10); any separator counts
 * (/ - . or a space); surrounding spaces and a year written first (2010-01-31) are read too.
 */
export function normaliseDob(typed: string): string {
  const parts = typed.replace(/^\D+/, '').split(/\D+/);
  const ordered = parts.length === 3 && parts[0]?.length === 4 ? [parts[2], parts[1], parts[0]] : parts;
  const last = ordered.length - 1;
  const digits = ordered
    .map((part = '', i) => (i < 2 && i < last && part.length === 1 ? `0${part}` : part))
    .join('')
    .slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** What is wrong with a whole DD/MM/YYYY that is not a date: its month, else its day; undefined for a real date. */
export function wrongDatePart(value: string): 'day' | 'month' | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m || parseDob(value)) return undefined;
  const month = Number(m[2]);
  return month < 1 || month > 12 ? 'month' : 'day';
}

/** YYYY-MM-DD → DD-MM-YYYY (the auto-login link's dob). */
export function toDdMmYyyy(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}-${m}-${y}`;
}

/** A date of birth as links and the session carry it: DD-MM-YYYY when it is a real date, else as given. */
export function dobForLink(value: string): string {
  const iso = parseDob(value.trim());
  return iso ? toDdMmYyyy(iso) : value.trim();
}

// ── Showing dates: one rule for every screen (and the server's date options) ──────────────────
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A date of birth as the student types it and login asks for it: DD/MM/YYYY. Any accepted form
 * (DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD) is shown so; anything else as given.
 */
export function showDob(value: string): string {
  const iso = parseDob(value.trim());
  return iso ? toDdMmYyyy(iso).replace(/-/g, '/') : value;
}

/** YYYY-MM-DD → 13 Apr 2025 */
export function dayMonthYear(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}

/** YYYY-MM-DD → Sunday */
export const weekdayOf = (isoDate: string): string =>
  WEEKDAYS[new Date(`${isoDate}T00:00:00Z`).getUTCDay()] ?? '';

// The page's other language: month and weekday names written out, independent of the runtime's
// locale data (the server and every browser show the same words).
const HINDI_MONTHS = [
  'जनवरी',
  'फ़रवरी',
  'मार्च',
  'अप्रैल',
  'मई',
  'जून',
  'जुलाई',
  'अगस्त',
  'सितंबर',
  'अक्टूबर',
  'नवंबर',
  'दिसंबर',
];
const HINDI_WEEKDAYS = ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'];

/**
 * A date as every student screen says it (one style per locale): 25 Nov 2026 (Wednesday), or in
 * Hindi 25 नवंबर 2026 (बुधवार). Accepts the forms of parseDob and an instant (2027-04-13T03:30:00Z: its
 * day in India, as the events send exam dates); anything else gives '' (shown as nothing, never
 * as typed into a link).
 */
export function showExamDate(value: string, locale = 'en'): string {
  const trimmed = value.trim();
  const iso =
    parseDob(trimmed) ?? (/^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? indiaDateTime(trimmed)?.isoDate : undefined);
  if (!iso) return '';
  if (locale !== 'hi') return `${dayMonthYear(iso)} (${weekdayOf(iso)})`;
  const [y, m, d] = iso.split('-');
  const weekday = HINDI_WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()] ?? '';
  return `${Number(d)} ${HINDI_MONTHS[Number(m) - 1] ?? ''} ${y} (${weekday})`;
}

/** 10:00 → 10:00 AM, 13:20 → 01:20 PM */
export function timeLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A clock time (HH:MM, India time) as a page in `locale` says it: 09:30 AM, 01:20 PM; in Hindi the
 * part of the day first, as the Hindi texts write it (सुबह 09:30 बजे, दोपहर 01:20 बजे, शाम 07:00
 * बजे, रात 10:00 बजे), with no Latin letters.
 */
export function showTime(hhmm: string, locale = 'en'): string {
  if (locale !== 'hi') return timeLabel(hhmm);
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const part = h >= 4 && h < 12 ? 'सुबह' : h >= 12 && h < 16 ? 'दोपहर' : h >= 16 && h < 20 ? 'शाम' : 'रात';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${part} ${String(hour12).padStart(2, '0')}:${String(m).padStart(2, '0')} बजे`;
}

/** India time: +05:30, no daylight saving. */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** YYYY-MM-DD in India time. */
export const indiaDate = (now: Date): string =>
  new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An instant (ISO-8601) in India time, as a page in `locale` says it: { date: '2 May 2026
 * (Saturday)', time: '09:00 AM' } (the one date style of showExamDate). An unreadable value gives
 * undefined, so a bad answer shows nothing rather than "NaN".
 */
export function indiaDateTime(
  instant: string,
  locale = 'en',
): { isoDate: string; date: string; time: string } | undefined {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return undefined;
  const local = new Date(ms + INDIA_OFFSET_MS).toISOString();
  const isoDate = local.slice(0, 10);
  return { isoDate, date: showExamDate(isoDate, locale), time: showTime(local.slice(11, 16), locale) };
}

/** An instant as a page in `locale` says it: 2 May 2026 (Saturday), 09:00 AM (India time). */
export function showDateTime(instant: string, locale = 'en'): string {
  const at = indiaDateTime(instant, locale);
  return at ? `${at.date}, ${at.time}` : '';
}

/** The instant of an India date and time (HH:MM); arithmetic, not string parsing (a hot path). */
export const indiaInstant = (date: string, hhmm = '00:00'): Date => {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const [h, min] = [Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5))];
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    /^\d{2}:\d{2}$/.test(hhmm) &&
    m >= 1 &&
    m <= 12 &&
    d >= 1 &&
    d <= 31 &&
    min <= 59 &&
    (h < 24 || (h === 24 && min === 0));
  if (!valid) return new Date(NaN); // as the string parser answers
  return new Date(Date.UTC(y, m - 1, d, h, min) - INDIA_OFFSET_MS);
};

/**
 * An instant's day and clock time in India, as date and time inputs hold them: { date:
 * '2026-12-05', time: '14:05' }, whatever the zone of the machine that runs it.
 */
export function indiaWallClock(instant: Date): { date: string; time: string } {
  const local = new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * A day and clock time typed in India time (YYYY-MM-DD, HH:MM) as an ISO date-time with India's
 * offset, 2026-12-05T14:05:00+05:30, the instant it names anywhere; undefined when it is not a
 * real date and time.
 */
export function indiaIso(date: string, hhmm: string): string | undefined {
  if (!isIsoDate(date) || Number.isNaN(indiaInstant(date, hhmm).getTime()) || hhmm.startsWith('24'))
    return undefined;
  return `${date}T${hhmm}:00+05:30`;
}

const DAY_MS = 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const isoDateShape = /^\d{4}-\d{2}-\d{2}$/;

/** The date `days` after a YYYY-MM-DD date; arithmetic, not string parsing (30 per signup). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  // What Date.parse accepts: a month 01–12, a day 01–31 (the 31st of a shorter month rolls over).
  if (!isoDateShape.test(date) || m < 1 || m > 12 || d < 1 || d > 31)
    throw new RangeError(`Invalid date: ${date}`);
  const day = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return `${day.getUTCFullYear()}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;
};

export const isIsoDate = (value: string): boolean =>
  isoDateShape.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Whole days from a to b (both YYYY-MM-DD). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The time of day an exam date stands for in analytics events: 03:30 UTC (part 1 §9, part 2 §9). */
export const EXAM_DATE_TIME_UTC = '03:30:00.000Z';

/** An exam date (YYYY-MM-DD or DD-MM-YYYY, DD/MM/YYYY) as the instant events send, else undefined. */
export function examDateInstant(value: string): string | undefined {
  const iso = parseDob(value.trim());
  return iso ? `${iso}T${EXAM_DATE_TIME_UTC}` : undefined;
}
