// Location look-ups (part 2 §7) from seeded data: the nearest centre (great-circle distance), a
// pincode's place, the nearest known pincode and the IP location (sandbox table).
// server/routes/registration/geo.ts serves them.
import { modeAllowedInState, type ExamMode, type ModeRule } from '../../../src/domain/exam-modes';
import type { AppContext } from '../../context';
import type { CentresTable, GeoIpRangesTable, PincodesTable, StatesTable } from '../../db/tables/master';
import { listedCentres } from '../master/centres';

const EARTH_RADIUS_KM = 6371;

const rad = (deg: number) => (deg * Math.PI) / 180;

export interface Point {
  lat: number;
  long: number;
}

/** Haversine distance in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const fromE6 = (row: { latitude_e6: number; longitude_e6: number }): Point => ({
  lat: row.latitude_e6 / 1e6,
  long: row.longitude_e6 / 1e6,
});

export interface NearestCentre {
  centre: CentresTable;
  km: number;
  state: Pick<StatesTable, 'tid' | 'state_name' | 'state_name_hi'>;
}

/**
 * The listed centre nearest to a point that serves the exam type, mode and stream, only where the
 * programme is held in that mode (config offlineOnlyStates), as the exam step lists.
 */
export async function nearestCentre(
  ctx: AppContext,
  here: Point,
  filter: { programme: ModeRule & { examType: string }; mode?: ExamMode; stream?: string },
): Promise<NearestCentre | undefined> {
  const { programme, mode, stream } = filter;
  const listed = await listedCentres(ctx, { examType: programme.examType, mode, stream });
  const codes = new Map(
    (await ctx.db.selectFrom('states').select(['tid', 'short_code']).execute()).map((s) => [
      s.tid,
      s.short_code,
    ]),
  );
  const centres = mode
    ? listed.filter((c) => modeAllowedInState(programme, mode, codes.get(c.state_tid) ?? ''))
    : listed;
  const nearest = centres
    .map((c) => ({ c, km: distanceKm(here, fromE6(c)) }))
    .sort((a, b) => a.km - b.km || a.c.id.localeCompare(b.c.id))[0];
  if (!nearest) return undefined;
  const state = await ctx.db
    .selectFrom('states')
    .select(['tid', 'state_name', 'state_name_hi'])
    .where('tid', '=', nearest.c.state_tid)
    .executeTakeFirstOrThrow();
  return { centre: nearest.c, km: nearest.km, state };
}

/** The city and state of a pincode, if it is known. */
export const pincodePlace = (
  ctx: AppContext,
  pincode: string,
): Promise<Pick<PincodesTable, 'city' | 'state_desc'> | undefined> =>
  ctx.db
    .selectFrom('pincodes')
    .select(['city', 'state_desc'])
    .where('pincode', '=', pincode)
    .executeTakeFirst();

/** The known pincode nearest to a point (reverse geocode). */
export async function nearestPincode(ctx: AppContext, here: Point): Promise<PincodesTable | undefined> {
  const rows = await ctx.db.selectFrom('pincodes').selectAll().orderBy('pincode').execute();
  return rows
    .map((p) => ({ p, km: distanceKm(here, fromE6(p)) }))
    .sort((a, b) => a.km - b.km || a.p.pincode.localeCompare(b.p.pincode))[0]?.p;
}

/** The location of an IP address: the longest matching prefix wins; the empty prefix is the default row. */
export async function ipLocation(ctx: AppContext, ip: string): Promise<GeoIpRangesTable | undefined> {
  const rows = await ctx.db.selectFrom('geo_ip_ranges').selectAll().execute();
  return rows.filter((r) => ip.startsWith(r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
}
