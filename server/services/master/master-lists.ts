// Master lists (part 2 §3 "Master data"): boards, states, cities, a city's schools and the
// class-streams a programme admits (server/routes/master/master-lists.ts and exam-options.ts serve
// them). The short lists every registration card asks for come from the master snapshot (read once,
// decision 031); cities and schools, long and asked for less, from the tables.
import type { AppContext } from '../../context';
import { eligible, type Eligibility } from './centres';
import { masterSnapshot } from './master-snapshot';

export async function boards(ctx: AppContext) {
  return (await masterSnapshot(ctx)).boardList;
}

export async function states(ctx: AppContext) {
  return (await masterSnapshot(ctx)).stateList;
}

export async function classStreams(ctx: AppContext, allowed: Eligibility) {
  return (await masterSnapshot(ctx)).classStreamList.filter((r) => eligible(allowed, r));
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
