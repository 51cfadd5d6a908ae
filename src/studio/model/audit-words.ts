// The Studio's audit log in words (decision 048): each action code the server writes, named as a
// person would say it and grouped for the Activity screen's filter, and an entry's details (whose
// account, what was refused and why) as a sentence. No code, path or field name reaches the screen.
import type { StudioAuditEntry } from '../../generated/api/studio-audit';
import { fileInWords, type PageNames } from './friendly-message';

export interface ActionGroup {
  label: string;
  actions: readonly (readonly [code: string, words: string])[];
}

/** Every action the server writes (server/services/staff/audit.ts), in the filter's groups. */
export const ACTION_GROUPS: readonly ActionGroup[] = [
  {
    label: 'Signing in',
    actions: [
      ['sign-in.success', 'Signed in'],
      ['sign-in.password-accepted', 'Gave the right password (the code came next)'],
      ['enrolment.started', 'Began setting up the authenticator app'],
      ['enrolment.confirmed', 'Set up the authenticator app'],
      ['sign-out', 'Signed out'],
      ['password.changed', 'Changed their password'],
    ],
  },
  {
    label: 'Pages and coupons',
    actions: [
      ['config.draft-saved', 'Saved a draft'],
      ['config.submitted', 'Submitted for review'],
      ['config.sent-back', 'Sent back to its author'],
      ['config.approved', 'Approved'],
      ['config.published', 'Published'],
      ['config.scheduled', 'Scheduled to publish'],
      ['config.unscheduled', 'Withdrew a schedule'],
      ['config.unpublished', 'Took a page off the site'],
      ['config.rolled-back', 'Went back to an earlier version'],
      ['config.discarded', 'Discarded a draft'],
      ['config.preview-link', 'Made a preview link'],
      ['config.image-uploaded', 'Uploaded an image'],
      ['config.translations-confirmed', 'Confirmed Hindi texts still right'],
      ['config.image-removed', 'Removed an image no page used'],
      ['experiment.created', 'Made an experiment'],
    ],
  },
  {
    label: 'People',
    actions: [
      ['staff.created', 'Added a person'],
      ['staff.changed', 'Changed a role'],
      ['staff.disabled', 'Disabled an account'],
      ['staff.enabled', 'Enabled an account'],
      ['password.reset', 'Gave an account a new password'],
      ['second-factor.reset', 'Reset an account’s authenticator app'],
    ],
  },
  {
    label: 'Refused',
    actions: [
      ['sign-in.wrong-password', 'Sign-in refused: wrong e-mail address or password'],
      ['sign-in.wrong-code', 'Sign-in refused: wrong code'],
      ['sign-in.disabled', 'Sign-in refused: the account is disabled'],
      ['sign-in.ticket-refused', 'Sign-in refused: the sign-in had expired'],
      ['sign-in.throttled', 'Sign-in refused: too many tries'],
      ['sign-in.oidc-refused', 'Sign-in through the organisation’s account refused'],
      ['access.refused', 'Access refused'],
      ['config.refused', 'Change refused'],
    ],
  },
];

const WORDS = new Map(ACTION_GROUPS.flatMap((g) => g.actions));

/** An action code in words; a code this Studio does not know yet is shown as it is. */
export const actionWords = (code: string): string => WORDS.get(code) ?? code;

const ROLES: Record<string, string> = { editor: 'Editor', publisher: 'Publisher', admin: 'Admin' };
const roleWords = (role: unknown): string => ROLES[String(role)] ?? String(role);

const REFUSALS: Record<string, string> = {
  'no-session': 'not signed in',
  'session-ended': 'the session had ended',
  'student-token': 'a student’s sign-in was used',
  'csrf-missing': 'the request did not come from a Studio page',
  'csrf-wrong': 'the request did not come from this Studio session',
  origin: 'the request came from another website',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

const minutes = (seconds: unknown): string => {
  const n = Math.max(1, Math.ceil(Number(seconds) / 60));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/** What the entry's details add to its action, in a sentence ('' when nothing). */
export function detailWords(entry: Pick<StudioAuditEntry, 'action' | 'details'>): string {
  const d = entry.details as Record<string, unknown>;
  const email = text(d.email);
  switch (entry.action) {
    case 'access.refused': {
      if (d.reason === 'role')
        return `Needs the ${roleWords(d.needed)} role; the account is ${roleWords(d.role)}.`;
      const why = REFUSALS[String(d.reason)];
      return why ? `${why.charAt(0).toUpperCase()}${why.slice(1)}.` : '';
    }
    case 'sign-in.throttled':
      return `${email ? `For ${email}: ` : ''}locked for ${minutes(d.retry_after)}.`;
    case 'sign-in.wrong-code':
      return typeof d.tries_left === 'number' ? `${d.tries_left} tries left on this sign-in.` : '';
    case 'staff.created':
      return `${email ?? 'An account'} as ${roleWords(d.role)}.`;
    case 'staff.changed': {
      const role = d.role as { from?: unknown; to?: unknown } | undefined;
      return `${email ?? 'An account'}: ${roleWords(role?.from)} → ${roleWords(role?.to)}.`;
    }
    case 'config.submitted':
      return text(d.note) ? `Note: “${String(d.note)}”` : '';
    case 'config.sent-back':
      return text(d.comment) ? `Comment: “${String(d.comment)}”` : '';
    case 'config.refused':
      return text(d.reason) ?? '';
    case 'config.image-uploaded':
      return text(d.src) ? `${String(d.src).replace(/^\/images\//, '')}` : '';
    case 'config.image-removed':
      return text(d.name) ? String(d.name) : '';
    case 'experiment.created':
      return text(d.path) ? `On ${String(d.path)}.` : '';
    default:
      return email ? `For ${email}.` : '';
  }
}

/** Who acted: their name, the command line, or nobody known (a refused stranger). */
export function whoWords(entry: Pick<StudioAuditEntry, 'actor_name' | 'actor_email'>): {
  name: string;
  email?: string;
} {
  if (entry.actor_name)
    return { name: entry.actor_name, ...(entry.actor_email ? { email: entry.actor_email } : {}) };
  if (entry.actor_email === 'command line') return { name: 'The command line (a developer)' };
  if (entry.actor_email) return { name: entry.actor_email };
  return { name: 'Someone not signed in' };
}

/** The pages and coupons concerned: “the coupon SAVE10, version 3”. */
export function concerningWords(entry: Pick<StudioAuditEntry, 'versions'>, names?: PageNames): string[] {
  return entry.versions.map((v) => {
    const what = fileInWords(v.path, names);
    return `${what.charAt(0).toUpperCase()}${what.slice(1)}, version ${v.number}`;
  });
}
