// Staff accounts of examflow Studio (decision 048): created by an admin or the command line with a
// random password printed once, their role (editor < publisher < admin) and disabled flag changed
// by an admin, never leaving the Studio without an enabled admin. Each change is audited.
import { ApiError } from '../../api/errors';
import { hashPassword, newPassword } from '../../auth/staff-passwords';
import { hashToken, newId } from '../../auth/tokens';
import { lockStaffRoles } from '../../db/locks';
import { STAFF_ROLES, type StaffRole, type StaffTable } from '../../db/tables/staff';
import { iso } from '../../timestamps';
import { audit, type AuditActor, type AuditCtx } from './audit';

/** Whether a role may do what `needed` may: an admin can do all a publisher can, who can do all an editor can. */
export const roleAtLeast = (role: StaffRole, needed: StaffRole): boolean =>
  STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);

/** One address, one account, whatever its case or surrounding spaces. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** What the Studio shows of an account (never its hashes or secrets). */
export interface StaffSummary {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  second_factor: boolean;
  created_at: string;
}

export const summaryOf = (staff: StaffTable): StaffSummary => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  disabled: staff.disabled_at !== null,
  second_factor: staff.totp_confirmed_at !== null,
  created_at: staff.created_at,
});

export const staffByEmail = (ctx: AuditCtx, email: string): Promise<StaffTable | undefined> =>
  ctx.db.selectFrom('staff').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();

export const staffById = (ctx: AuditCtx, id: string): Promise<StaffTable | undefined> =>
  ctx.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();

/** Every account, with when it last signed in (its newest session's start; null: never). */
export const listStaff = async (
  ctx: AuditCtx,
): Promise<(StaffSummary & { last_sign_in_at: string | null })[]> =>
  (
    await ctx.db
      .selectFrom('staff')
      .selectAll('staff')
      .select((eb) =>
        eb
          .selectFrom('staff_sessions')
          .select((s) => s.fn.max('staff_sessions.created_at').as('at'))
          .whereRef('staff_sessions.staff_id', '=', 'staff.id')
          .as('last_sign_in_at'),
      )
      .orderBy('email_key')
      .execute()
  ).map(({ last_sign_in_at: last, ...row }) => ({ ...summaryOf(row), last_sign_in_at: last ?? null }));

export interface ActedBy {
  actor: AuditActor;
  ip: string | null;
}

/** A new account and its first password (shown once; the person changes it after signing in). */
export async function createStaff(
  ctx: AuditCtx,
  input: { email: string; name: string; role: StaffRole },
  by: ActedBy,
): Promise<{ staff: StaffSummary; password: string }> {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ApiError(400, 'That is not an e-mail address.');
  const name = input.name.trim();
  if (!name) throw new ApiError(400, 'Give the person a name.');
  if (!STAFF_ROLES.includes(input.role)) throw new ApiError(400, 'The role is editor, publisher or admin.');
  const password = newPassword();
  const now = iso(ctx.now());
  const row: StaffTable = {
    id: newId(),
    email,
    email_key: emailKey(email),
    name,
    role: input.role,
    password_hash: await hashPassword(password),
    password_changed_at: now,
    totp_secret: null,
    totp_confirmed_at: null,
    totp_last_step: null,
    disabled_at: null,
    created_at: now,
    updated_at: now,
  };
  // The unique key decides between two creations of one address at once.
  const inserted = await ctx.db
    .insertInto('staff')
    .values(row)
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new ApiError(409, 'An account with that e-mail address exists already.');
  await audit(ctx, {
    ...by,
    action: 'staff.created',
    details: { staff_id: row.id, email, role: row.role },
  });
  return { staff: summaryOf(row), password };
}

/**
 * Changes an account's role or disabled flag. Refused when it would leave no enabled admin. A
 * disabled account's sessions, tickets and trusted browsers end with it.
 */
export async function updateStaff(
  ctx: AuditCtx,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
  by: ActedBy,
): Promise<StaffSummary> {
  return ctx.db.transaction().execute(async (trx) => {
    const t = { ...ctx, db: trx };
    await lockStaffRoles(trx);
    const before = await staffById(t, id);
    if (!before) throw new ApiError(404, 'No such account.');
    const now = iso(ctx.now());
    const disabledAt =
      change.disabled === undefined
        ? before.disabled_at
        : change.disabled
          ? (before.disabled_at ?? now)
          : null;
    const role = change.role ?? before.role;
    if (before.role === 'admin' && before.disabled_at === null && (role !== 'admin' || disabledAt !== null)) {
      const admins = await trx
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .where('id', '<>', id)
        .executeTakeFirstOrThrow();
      if (Number(admins.n) === 0)
        throw new ApiError(409, 'This is the last enabled admin: make another admin first.');
    }
    await trx
      .updateTable('staff')
      .set({ role, disabled_at: disabledAt, updated_at: now })
      .where('id', '=', id)
      .execute();
    const after = { ...before, role, disabled_at: disabledAt };
    if (disabledAt !== null && before.disabled_at === null) await endEverything(t, id, 'disabled');
    const details = {
      staff_id: id,
      email: before.email,
      ...(role !== before.role ? { role: { from: before.role, to: role } } : {}),
    };
    if ((disabledAt === null) !== (before.disabled_at === null))
      await audit(t, { ...by, action: disabledAt ? 'staff.disabled' : 'staff.enabled', details });
    if (role !== before.role) await audit(t, { ...by, action: 'staff.changed', details });
    return summaryOf(after);
  });
}

/** Ends an account's sessions, pending tickets and trusted browsers (in the caller's transaction). */
export async function endEverything(
  ctx: AuditCtx,
  staffId: string,
  reason: 'disabled' | 'password_changed' | 'second_factor_reset',
  exceptSession?: string,
): Promise<void> {
  const now = iso(ctx.now());
  let sessions = ctx.db
    .updateTable('staff_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null);
  if (exceptSession) sessions = sessions.where('id', '<>', exceptSession);
  await sessions.execute();
  await ctx.db
    .updateTable('staff_tickets')
    .set({ used_at: now })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .execute();
  if (reason !== 'password_changed')
    await ctx.db.deleteFrom('staff_devices').where('staff_id', '=', staffId).execute();
}

/**
 * A new random password for an account (the command line's reset), and with `secondFactor` a new
 * enrolment at the next sign-in (its TOTP secret and recovery codes go). Every session ends.
 */
export async function resetPassword(
  ctx: AuditCtx,
  email: string,
  { secondFactor }: { secondFactor: boolean },
  by: ActedBy,
): Promise<{ staff: StaffSummary; password: string }> {
  const staff = await staffByEmail(ctx, email);
  if (!staff) throw new ApiError(404, 'No account has that e-mail address.');
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  const now = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    const t = { ...ctx, db: trx };
    await trx
      .updateTable('staff')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
        ...(secondFactor ? { totp_secret: null, totp_confirmed_at: null, totp_last_step: null } : {}),
      })
      .where('id', '=', staff.id)
      .execute();
    if (secondFactor) await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staff.id).execute();
    await endEverything(t, staff.id, secondFactor ? 'second_factor_reset' : 'password_changed');
    const details = { staff_id: staff.id, email: staff.email };
    await audit(t, { ...by, action: 'password.reset', details });
    if (secondFactor) await audit(t, { ...by, action: 'second-factor.reset', details });
  });
  const after = secondFactor ? { ...staff, totp_confirmed_at: null } : staff;
  return { staff: summaryOf(after), password };
}

/** The hash a recovery code is stored as (spaces, dashes and case do not matter). */
export const recoveryCodeHash = (code: string): string => hashToken(code.replace(/[\s-]/g, '').toLowerCase());
