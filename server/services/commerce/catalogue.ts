// A branch's existence and its payment options (server/routes/commerce/catalogue.ts serves them).
import { ApiError } from '../../api/errors';
import type { AppContext } from '../../context';
import { message } from '../../api/messages';

export async function knownBranch(ctx: AppContext, code: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('commerce_branches')
    .select('code')
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, message('branch.notFound', { code }));
}

export async function paymentOptions(ctx: AppContext, code: string): Promise<Record<string, string>> {
  const rows = await ctx.db
    .selectFrom('commerce_payment_options')
    .select(['value', 'label'])
    .where('branch_code', '=', code)
    .orderBy('position')
    .orderBy('value')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.value, r.label]));
}

/** The centres of a commerce branch, in their listed order. */
export const branchCentres = (ctx: AppContext, code: string) =>
  ctx.db
    .selectFrom('commerce_centres')
    .selectAll()
    .where('branch_code', '=', code)
    .orderBy('position')
    .orderBy('id')
    .execute();
