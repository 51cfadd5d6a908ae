// Master lists read from the database (part 2 §3 "Master data"): boards, states and the
// class-streams a programme admits (server/routes/master/master-lists.ts serves them).
import type { AppContext } from '../../context';
import { eligible, type Eligibility } from './centres';

export async function boards(ctx: AppContext) {
  return ctx.db
    .selectFrom('exam_boards')
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function states(ctx: AppContext) {
  return ctx.db.selectFrom('states').selectAll().orderBy('state_name').execute();
}

export async function classStreams(ctx: AppContext, allowed: Eligibility) {
  const rows = await ctx.db
    .selectFrom('class_streams')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.filter((r) => eligible(allowed, r));
}
