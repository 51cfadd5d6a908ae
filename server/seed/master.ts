// Master data: boards, states and UTs, cities and schools, the class & stream list, centres (with
// their RCC / F+EC / ALC prefixes and coordinates), IAT per-centre dates, pincodes and the
// sandbox IP table. Dates and validity windows are relative to the seed time, so a test that
// starts its clock elsewhere gets data that fits its clock.
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { INDIA_OFFSET_MS } from '../../src/domain/dates';
import type { Database } from '../db/schema';
import type { SeedOptions } from './seed-options';

const e6 = (degrees: number): number => Math.round(degrees * 1_000_000);
const DAY = 86_400_000;

interface Place {
  postal: string;
  country_code: string;
  lat: number;
  long: number;
  city: string;
  state: string;
}

/** master.json: the data, as the seeding below reads it. */
interface MasterSeed {
  boards: string[];
  /** All 28 states and 8 union territories, alphabetical; tid is the position; then the Hindi name. */
  states: [name: string, code: string, nameHi: string][];
  cities: [name: string, state: string][];
  /** Schools by city: [short name, full name]. */
  schools: Record<string, [string, string][]>;
  /** Sorted by class: 6 to 10 foundation, 11 to 12-passed engineering and medical. */
  classStreams: [klass: string, stream: string, display: string][];
  centres: CentreSeed[];
  /** [pincode, place name, city, state, lat, long] */
  pincodes: [string, string, string, string, number, number][];
  /** Sandbox IP geolocation: loopback and private addresses are New Delhi; '' is the default. */
  ipRanges: [prefix: string, place: Place][];
}

const { boards, states, cities, schools, classStreams, centres, pincodes, ipRanges } = JSON.parse(
  readFileSync(new URL('./master.json', import.meta.url), 'utf8'),
) as MasterSeed;

const stateTid = (code: string): string => {
  const i = states.findIndex(([, c]) => c === code);
  if (i < 0) throw new Error(`seed: unknown state ${code}`);
  return String(i + 1);
};

interface CentreSeed {
  name: string;
  /** The label the lists show (no branch-type prefix) in Hindi: the place names in Devanagari. */
  labelHi: string;
  code: string;
  state: string;
  city: string;
  address: string;
  phones: string[];
  lat: number;
  long: number;
  examTypes: string[];
  modes: string[];
  streams: string[];
  listed?: boolean;
  defaultOnline?: boolean;
}

/** IAT dates per centre: the next eight Sundays (IST) of each IAT branch. */
function nextSundays(now: Date, count: number): string[] {
  const today = new Date(now.getTime() + INDIA_OFFSET_MS);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const first = midnight + ((7 - today.getUTCDay()) % 7 || 7) * DAY;
  return Array.from({ length: count }, (_, i) => new Date(first + i * 7 * DAY).toISOString().slice(0, 10));
}

/** Seeds boards, cities, schools, class-streams, states, centres, dates, pincodes, IP rows (coupons are config: config/coupons). */
export async function seedMaster(db: Kysely<Database>, { now }: SeedOptions): Promise<void> {
  await db
    .insertInto('exam_boards')
    .values(
      boards.map((name, i) => ({
        id: `board-${i + 1}`,
        name,
        is_default: i === 0 ? 1 : 0,
        sort_order: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('states')
    .values(
      states.map(([state_name, short_code, state_name_hi], i) => ({
        tid: String(i + 1),
        state_name,
        short_code,
        state_name_hi,
      })),
    )
    .execute();
  await db
    .insertInto('cities')
    .values(cities.map(([name, state], i) => ({ tid: `c${i + 1}`, name, state_tid: stateTid(state) })))
    .execute();
  const schoolRows = cities.flatMap(([city, state], c) =>
    (schools[city] ?? []).map(([short_school_name, full_school_name], i) => ({
      school_code: `${state}${String(c + 1).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`,
      city_tid: `c${c + 1}`,
      short_school_name,
      full_school_name,
    })),
  );
  await db.insertInto('schools').values(schoolRows).execute();
  await db
    .insertInto('class_streams')
    .values(
      classStreams.map(([klass, stream, display_name], i) => ({
        id: `cs-${klass}-${stream.toLowerCase()}`,
        class: klass,
        stream,
        display_name,
        sort_order: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('centres')
    .values(
      centres.map((c, i) => ({
        id: String(i + 1),
        name: c.name,
        label_hi: c.labelHi,
        code: c.code,
        state_tid: stateTid(c.state),
        city: c.city,
        address: c.address,
        phones: JSON.stringify(c.phones),
        latitude_e6: e6(c.lat),
        longitude_e6: e6(c.long),
        exam_types: JSON.stringify(c.examTypes),
        modes: JSON.stringify(c.modes),
        streams: JSON.stringify(c.streams),
        listed: c.listed === false ? 0 : 1,
        default_online: c.defaultOnline ? 1 : 0,
      })),
    )
    .execute();
  const sundays = nextSundays(now, 8);
  const iatCentres = centres
    .map((c, i) => ({ c, id: String(i + 1) }))
    .filter(({ c }) => c.examTypes.includes('IAT') && c.listed !== false && c.modes.includes('Offline'));
  await db
    .insertInto('centre_exam_dates')
    .values(
      iatCentres.flatMap(({ c, id }) =>
        sundays.map((exam_date) => ({
          id: `IAT-${c.code}-${exam_date}`,
          exam_type: 'IAT',
          centre_id: id,
          exam_date,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('pincodes')
    .values(
      pincodes.map(([pincode, place_name, city, state_desc, lat, long]) => ({
        pincode,
        place_name,
        city,
        state_desc,
        latitude_e6: e6(lat),
        longitude_e6: e6(long),
      })),
    )
    .execute();
  await db
    .insertInto('geo_ip_ranges')
    .values(
      ipRanges.map(([prefix, p]) => ({
        prefix,
        postal: p.postal,
        country_code: p.country_code,
        latitude_e6: e6(p.lat),
        longitude_e6: e6(p.long),
        city: p.city,
        state: p.state,
      })),
    )
    .execute();
}
