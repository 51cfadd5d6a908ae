// Versions in words, and the schedule typed in India time: the same answer on a computer in New
// York (a child process with TZ set: a test worker's zone cannot be changed) as here.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkSchedule, stateInWords, versionLine } from './version-words';

const NOW = new Date('2030-01-14T12:00:00Z');
const typed = (startDate: string, startTime: string, endDate = '', endTime = '') => ({
  startDate,
  startTime,
  endDate,
  endTime,
});
const base = {
  number: 3,
  createdAt: '2026-12-05T08:35:00.000Z',
  authorId: 'staff-esha',
  reviewedBy: null,
  publishAt: null,
};

describe('versions in words', () => {
  it('says each state as marketing reads it', () => {
    expect(versionLine(base, 'Esha')).toBe('Version 3 by Esha, 5 Dec 2026 (Saturday), 02:05 PM');
    // Never a file name for the versions that came from the config files.
    expect(versionLine({ ...base, number: 1, authorId: 'seed' }, 'config/ files')).toMatch(
      /^Version 1 by the site’s first setup, /,
    );
    expect(stateInWords({ ...base, state: 'draft' })).toBe('Draft');
    expect(stateInWords({ ...base, state: 'draft', reviewedBy: 'Pia' })).toBe('Sent back by Pia');
    expect(stateInWords({ ...base, state: 'review' })).toBe('In review');
    expect(stateInWords({ ...base, state: 'approved' })).toBe('Approved');
    expect(stateInWords({ ...base, state: 'scheduled', publishAt: '2030-01-15T03:30:00.000Z' })).toBe(
      'Scheduled for 15 Jan 2030 (Tuesday), 09:00 AM',
    );
    expect(stateInWords({ ...base, state: 'published' })).toBe('Live now');
    expect(stateInWords({ ...base, state: 'archived', publishedAt: base.createdAt })).toBe('Earlier version');
    expect(stateInWords({ ...base, state: 'archived', publishedAt: null })).toBe('Never published');
  });
});

describe('the schedule typed in India time', () => {
  it('sends the wall time typed with +05:30, and says what is wrong by field', () => {
    expect(checkSchedule(typed('2030-01-15', '09:00', '2030-01-15', '21:30'), NOW, true)).toEqual({
      ok: true,
      publishAt: '2030-01-15T09:00:00+05:30',
      unpublishAt: '2030-01-15T21:30:00+05:30',
    });
    expect(checkSchedule(typed('', '09:00'), NOW, true)).toEqual({
      ok: false,
      start: 'Enter the date and the time it goes live.',
    });
    // 17:00 in India on the 14th is 11:30 UTC: passed at 12:00 UTC.
    expect(checkSchedule(typed('2030-01-14', '17:00'), NOW, true)).toMatchObject({
      start: 'That time has passed: choose a later time, or use Publish now.',
    });
    expect(checkSchedule(typed('2030-01-14', '17:45'), NOW, true).ok).toBe(true);
    expect(checkSchedule(typed('2030-01-15', '09:00', '2030-01-15'), NOW, true)).toEqual({
      ok: false,
      end: 'Enter both the date and the time it ends, or leave both empty.',
    });
    expect(checkSchedule(typed('2030-01-15', '09:00', '2030-01-15', '09:00'), NOW, true)).toMatchObject({
      end: 'The end must come after the time it goes live.',
    });
    expect(checkSchedule(typed('2030-01-15', '09:00', '2030-01-16', '09:00'), NOW, false)).toMatchObject({
      end: 'Only a landing page can end by itself.',
    });
    expect(checkSchedule(typed('2030-02-30', '09:00'), NOW, true)).toMatchObject({
      start: 'That is not a date and time: check the day and the time.',
    });
  });

  it('gives the same answer on a computer in New York', () => {
    const script = `
      const m = await import('./src/studio/model/version-words.ts');
      const typed = { startDate: '2030-01-15', startTime: '09:00', endDate: '2030-01-15', endTime: '21:30' };
      console.log(JSON.stringify({
        offset: new Date('2030-01-15T12:00:00Z').getTimezoneOffset(),
        checked: m.checkSchedule(typed, new Date('2030-01-14T12:00:00Z'), true),
        shown: m.indiaTime('2030-01-15T03:30:00.000Z'),
      }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, TZ: 'America/New_York' },
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      offset: 300,
      checked: {
        ok: true,
        publishAt: '2030-01-15T09:00:00+05:30',
        unpublishAt: '2030-01-15T21:30:00+05:30',
      },
      shown: '15 Jan 2030 (Tuesday), 09:00 AM',
    });
  });
});
