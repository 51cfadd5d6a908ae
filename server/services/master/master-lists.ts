// Master lists read from the database (part 2 §3 "Master data"): boards, states, cities, a city's
// schools and the class-streams a programme admits (server/routes/master/master-lists.ts and
// exam-options.ts serve them).
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

/** Every city with its state's name, by name. */
export async function citiesWithStates(ctx: AppContext) {
  return ctx.db
    .selectFrom('cities')
    .innerJoin('states', 'states.tid', 'cities.state_tid')
    .select(['cities.tid', 'cities.name', 'states.state_name'])
    .orderBy('cities.name')
    .execute();
}

/** The schools of the city with this name (any case), or undefined when no city has it. */
export async function schoolsOfCity(ctx: AppContext, cityName: string) {
  const city = await ctx.db
    .selectFrom('cities')
    .select('tid')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', cityName.trim().toLowerCase()))
    .executeTakeFirst();
  if (!city) return undefined;
  return ctx.db
    .selectFrom('schools')
    .select(['short_school_name', 'full_school_name', 'school_code'])
    .where('city_tid', '=', city.tid)
    .orderBy('short_school_name')
    .orderBy('school_code')
    .execute();
}
