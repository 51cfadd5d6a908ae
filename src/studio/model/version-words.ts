// A document's versions in a marketing person's words, and the schedule they type (India time,
// whatever the zone of their computer): "Version 3 by Esha, 5 Dec 2026 (Saturday), 02:05 PM", "In
// review", "Scheduled for …", "Live now". Pure: the Inbox and History screens show these.
import { indiaIso, showDateTime } from '../../domain/dates';
import type { VersionState } from '../../generated/api/studio-common';

interface VersionFacts {
  number: number;
  state: VersionState;
  createdAt: string;
  reviewedBy: string | null;
  publishAt: string | null;
  publishedAt?: string | null;
}

/** An instant as the Studio says it: 5 Dec 2026 (Saturday), 02:05 PM (India time). */
export const indiaTime = (iso: string): string => showDateTime(iso);

/** A version's state in words (a discarded or replaced draft "Never published"). */
export function stateInWords(version: VersionFacts): string {
  switch (version.state) {
    case 'draft':
      return version.reviewedBy ? `Sent back by ${version.reviewedBy}` : 'Draft';
    case 'review':
      return 'In review';
    case 'approved':
      return 'Approved';
    case 'scheduled':
      return version.publishAt ? `Scheduled for ${indiaTime(version.publishAt)}` : 'Scheduled';
    case 'published':
      return 'Live now';
    case 'archived':
      return version.publishedAt ? 'Earlier version' : 'Never published';
  }
}

/** The versions that came from the developers' config files (the seed, the dev server, config:import). */
const FILE_AUTHORS: Record<string, string> = {
  seed: 'the site’s first setup',
  files: 'a developer',
  import: 'a developer (imported)',
};

/** Who made a version, in words: a person's name, or where a version from the files came from. */
export const authorInWords = (authorId: string, authorName: string): string =>
  FILE_AUTHORS[authorId] ?? authorName;

/** "Version 3 by Esha, 5 Dec 2026 (Saturday), 02:05 PM". */
export const versionLine = (
  version: { number: number; createdAt: string; authorId: string },
  author: string,
): string =>
  `Version ${version.number} by ${authorInWords(version.authorId, author)}, ${indiaTime(version.createdAt)}`;

/** What is typed in the schedule form: India dates (YYYY-MM-DD) and times (HH:MM); end optional. */
export interface ScheduleInput {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export type ScheduleCheck =
  { ok: true; publishAt: string; unpublishAt?: string } | { ok: false; start?: string; end?: string };

/**
 * The schedule as the server takes it (ISO with +05:30: the wall time typed, in India), or what is
 * wrong with it, by field: a start that is missing, not a time or passed; an end half filled, not
 * a time, or not after the start; an end where the page cannot end (`canEnd` false).
 */
export function checkSchedule(input: ScheduleInput, now: Date, canEnd: boolean): ScheduleCheck {
  const publishAt = indiaIso(input.startDate, input.startTime);
  let start: string | undefined;
  if (!input.startDate || !input.startTime) start = 'Enter the date and the time it goes live.';
  else if (!publishAt) start = 'That is not a date and time: check the day and the time.';
  else if (Date.parse(publishAt) <= now.getTime())
    start = 'That time has passed: choose a later time, or use Publish now.';

  const anyEnd = input.endDate !== '' || input.endTime !== '';
  const unpublishAt = anyEnd ? indiaIso(input.endDate, input.endTime) : undefined;
  let end: string | undefined;
  if (anyEnd && !canEnd) end = 'Only a landing page can end by itself.';
  else if (anyEnd && (!input.endDate || !input.endTime))
    end = 'Enter both the date and the time it ends, or leave both empty.';
  else if (anyEnd && !unpublishAt) end = 'That is not a date and time: check the day and the time.';
  else if (unpublishAt && publishAt && Date.parse(unpublishAt) <= Date.parse(publishAt))
    end = 'The end must come after the time it goes live.';

  if (start || end || !publishAt) return { ok: false, ...(start ? { start } : {}), ...(end ? { end } : {}) };
  return { ok: true, publishAt, ...(unpublishAt ? { unpublishAt } : {}) };
}
