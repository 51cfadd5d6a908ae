// A student's branch as commerce knows it: its channel (classroom or digital) and fee basis decide
// the digital-only wording, the help line and how the fee is named. Its own module, below both the
// course list and the exam sittings, so neither imports the other for it.
import type { AppContext } from '../../context';
import type { CommerceBranchesTable } from '../../db/tables/commerce';

/** A branch code unknown to commerce is treated as an ordinary classroom branch. */
export type BranchTerms = Pick<CommerceBranchesTable, 'code' | 'channel' | 'fee_basis'>;

export async function branchTerms(ctx: AppContext, code: string): Promise<BranchTerms> {
  const row = await ctx.db
    .selectFrom('commerce_branches')
    .select(['code', 'channel', 'fee_basis'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row ?? unknownBranch(code);
}

export const unknownBranch = (code: string): BranchTerms => ({
  code,
  channel: 'classroom',
  fee_basis: 'registration_fee',
});

/** The one rule for the digital-only branch (no centre list, its own help line, blocks and wording). */
export const isDigitalOnly = (branch: Pick<BranchTerms, 'channel'>): boolean => branch.channel === 'digital';

/** How the branch's fee is named to the student: its fee basis decides. */
export const feeWord = (branch: Pick<BranchTerms, 'fee_basis'>): string =>
  branch.fee_basis === 'course_fee' ? 'course fee' : 'registration fee';
