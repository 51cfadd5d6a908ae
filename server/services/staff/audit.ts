// examflow Studio's audit log (decision 048): who did what, when, from where. Append-only here (no
// function changes or removes an entry) and in the database (migration 017's triggers refuse
// UPDATE and DELETE). Other Studio services log through audit(): a publish names the config
// versions it concerns in `versions`. Pass a transaction as ctx.db to log with the change itself.
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { StaffAuditTable } from '../../db/tables/staff';
import { iso } from '../../timestamps';

/** What audit() needs of the app: a database (or a transaction) and a clock. */
export type AuditCtx = Pick<AppContext, 'now'> & { db: Db };

/**
 * The actions this module's callers write. Another part of the Studio adds its own codes (a
 * `domain.verb` string, such as 'config.published').
 */
export type StaffAuditAction =
  | 'sign-in.success'
  | 'sign-in.password-accepted'
  | 'sign-in.wrong-password'
  | 'sign-in.disabled'
  | 'sign-in.wrong-code'
  | 'sign-in.ticket-refused'
  | 'sign-in.throttled'
  | 'sign-out'
  | 'enrolment.started'
  | 'enrolment.confirmed'
  | 'access.refused'
  | 'staff.created'
  | 'staff.changed'
  | 'staff.disabled'
  | 'staff.enabled'
  | 'password.changed'
  | 'password.reset'
  | 'second-factor.reset'
  // Config as content (decision 049): every change the Studio makes to a document or an image.
  | 'config.draft-saved'
  | 'config.submitted'
  | 'config.sent-back'
  | 'config.approved'
  | 'config.published'
  | 'config.scheduled'
  | 'config.unscheduled'
  | 'config.unpublished'
  | 'config.rolled-back'
  | 'config.discarded'
  | 'config.refused'
  | 'config.preview-link'
  | 'config.image-uploaded'
  | 'config.translations-confirmed'
  | 'config.image-removed';

/** Who acted: a staff member, the command line (no id), or nobody known (null). */
export interface AuditActor {
  id: string | null;
  email: string | null;
}

/** The actor written for `npm run studio:user`. */
export const COMMAND_LINE: AuditActor = { id: null, email: 'command line' };

/** A config version an entry concerns: its document and its number. */
export interface AuditedVersion {
  path: string;
  number: number;
}

export interface AuditEntry {
  actor: AuditActor | null;
  action: StaffAuditAction | (string & {});
  /** The request's address (null from the command line). */
  ip?: string | null;
  details?: Record<string, unknown>;
  /** The config versions concerned (a save, a publish, a rollback). */
  versions?: readonly AuditedVersion[];
}

/** Appends one entry. */
export async function audit(ctx: AuditCtx, entry: AuditEntry): Promise<void> {
  await ctx.db
    .insertInto('staff_audit')
    .values({
      at: iso(ctx.now()),
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
      versions: JSON.stringify(entry.versions ?? []),
    })
    .execute();
}

export interface AuditRecord {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  /** The account's name now (null: the command line, nobody known, or an account since removed). */
  actor_name: string | null;
  action: string;
  ip: string | null;
  details: Record<string, unknown>;
  versions: AuditedVersion[];
}

const record = (row: Selectable<StaffAuditTable> & { actor_name: string | null }): AuditRecord => ({
  ...row,
  id: Number(row.id),
  details: JSON.parse(row.details) as Record<string, unknown>,
  versions: JSON.parse(row.versions) as AuditedVersion[],
});

/** Entries newest first (with the actor's name): `limit` of them older than the entry `before`, of one action if given. */
export async function listAudit(
  ctx: AuditCtx,
  { before, action, limit }: { before?: number; action?: string; limit: number },
): Promise<AuditRecord[]> {
  let query = ctx.db
    .selectFrom('staff_audit')
    .leftJoin('staff', 'staff.id', 'staff_audit.actor_id')
    .selectAll('staff_audit')
    .select('staff.name as actor_name')
    .orderBy('staff_audit.id', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('staff_audit.id', '<', before);
  if (action !== undefined) query = query.where('staff_audit.action', '=', action);
  return (await query.execute()).map(record);
}
