// The registration card part-way, kept against the verified mobile number (decision 041): the card
// sends its step 2 and 3 as typed, and the OTP verify of another tab or device of the same number
// answers it, so the student goes on there. Kept for a registration token's life; a completed signup
// forgets the number's drafts.
import type { Kysely } from 'kysely';
import { REGISTRATION_TOKEN_TTL_MS } from '../../../src/domain/otp-rules';
import type { RegistrationDraft } from '../../../src/generated/api/registration-draft';
import type { AppContext } from '../../context';
import { lockRegistrationToken } from '../../db/locks';
import type { Database } from '../../db/schema';
import type { ProgrammeChoice } from '../master/programme-lookup';
import { iso } from '../../timestamps';

/** One name per registration page however it was spelt (an exam type matches in any case). */
export const draftPage = ({ programme, page }: ProgrammeChoice): string =>
  page.toLowerCase() === programme.examType.toLowerCase() ? programme.examType : page;

const staleBefore = (ctx: AppContext) => iso(new Date(ctx.now().getTime() - REGISTRATION_TOKEN_TTL_MS));

/**
 * Keeps the card for the token's number; false, keeping nothing, once the token has signed up (a
 * save that was on its way as the student registered). The check and the write hold the token's
 * row: a signup claims that row and forgets the number's drafts in its own transaction
 * (signup.ts), so a save either lands before the signup, which then deletes it, or waits for the
 * signup's commit and finds the token used.
 */
export async function saveDraft(
  ctx: AppContext,
  token: { id: string; mobile: string },
  page: string,
  draft: RegistrationDraft,
): Promise<boolean> {
  const row = { mobile: token.mobile, page, data: JSON.stringify(draft), updated_at: iso(ctx.now()) };
  // Nothing outlives a token's life: a card left part-way is not kept for good. Outside the
  // transaction: it touches other numbers' rows, which the token's lock does not order.
  await ctx.db.deleteFrom('registration_drafts').where('updated_at', '<', staleBefore(ctx)).execute();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRegistrationToken(trx, token.id);
    const used = await trx
      .selectFrom('registration_tokens')
      .select('student_id')
      .where('id', '=', token.id)
      .executeTakeFirst();
    if (used?.student_id) return false;
    await trx
      .insertInto('registration_drafts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['mobile', 'page']).doUpdateSet({ data: row.data, updated_at: row.updated_at }),
      )
      .execute();
    return true;
  });
}

/** The number's draft on this page, if it was kept within a registration token's life. */
export async function draftFor(
  ctx: AppContext,
  mobile: string,
  page: string,
): Promise<RegistrationDraft | undefined> {
  const row = await ctx.db
    .selectFrom('registration_drafts')
    .select('data')
    .where('mobile', '=', mobile)
    .where('page', '=', page)
    .where('updated_at', '>=', staleBefore(ctx))
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as RegistrationDraft) : undefined;
}

/**
 * A registration completed: nothing of its cards is kept any more. In the signup's transaction,
 * after its claim of the token (saveDraft).
 */
export async function forgetDrafts(trx: Kysely<Database>, mobile: string): Promise<void> {
  await trx.deleteFrom('registration_drafts').where('mobile', '=', mobile).execute();
}
