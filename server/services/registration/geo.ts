// Great-circle distance between seeded points (the nearest-centre look-up of
// server/routes/registration/geo.ts).

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
