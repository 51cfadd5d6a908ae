// Commerce seed: branches (the same codes as the exam centres), their centres with addresses,
// coordinates and 4 phone numbers, payment options per branch, and courses per class and stream
// with list prices. No third-party fee-waiver records: a demo student's waiver is their scholarship,
// derived from their result (server/services/results/scholarship.ts), so the banner and the fee agree.
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { indiaDate } from '../../src/domain/dates';
import type { FeeComponent } from '../../src/domain/fees';
import type { Database } from '../db/schema';
import type { CommerceCoursesTable } from '../db/tables/commerce';
import type { SeedOptions } from './seed-options';

/** [name with its RCC / F+EC / ALC prefix, address, latitude, longitude, phones (padded to 4)] */
type CentreSeed = [name: string, address: string, lat: string, long: string, phones: string[]];

interface BranchSeed {
  code: string;
  name: string;
  city: string;
  state: string;
  /** ccavenue: the checkout pays by HDFC; others: by the 'others' option (part 2 §4). */
  gateway: 'ccavenue' | 'others';
  /** The first is the exam centre of the same code (server/seed/master.ts): same name and place. */
  centres: CentreSeed[];
}

// Every centre code of the registration's exam centres has a branch here, so a student of any

type PriceList = Partial<Record<FeeComponent, number>>;

interface CourseSeed {
  id: string;
  classes: string[];
  stream: 'SOE' | 'SOF' | 'SOM';
  channel: 'classroom' | 'digital';
  career: 'NEET' | 'JEE' | 'Foundation';
  title: string;
  term: string;
  category: string;
  highlights: string;
  description: string;
  features: string[];
  prices: PriceList;
  content: boolean;
}

interface PaymentOption {
  value: string;
  label: string;
}

/** commerce.json: the data, as the seeding below reads it. */
interface CommerceSeed {
  /** The academic session (its first year) the courses' titles and terms are written for. */
  writtenForSession: number;
  /**
   * Every centre code of the registration's exam centres has a branch, so a student of any centre
   * gets a branch list, payment options and courses.
   */
  branches: BranchSeed[];
  /** The digital-only special branch: no centre list, online courses, whole course fee with waivers. */
  digitalBranch: { code: string; name: string; city: string; state: string };
  paytm: PaymentOption;
  gatewayOptions: Record<BranchSeed['gateway'], PaymentOption>;
  courses: CourseSeed[];
}

const { writtenForSession, branches, digitalBranch, paytm, gatewayOptions, courses } = JSON.parse(
  readFileSync(new URL('./commerce.json', import.meta.url), 'utf8'),
) as CommerceSeed;

/**
 * The academic session (April to March; its first year) whose courses are on sale on `now`: the one
 * that begins within the next 9 months. Admissions for the next session open in July, so from July
 * 2026 the courses are for 2027-28 and until June for 2026-27.
 */
export function sessionOnSale(now: Date): number {
  const [year, month] = indiaDate(now).split('-').map(Number) as [number, number];
  return month >= 7 ? year + 1 : year;
}

/**
 * A course's title or term as of `now`: the years in commerce.json's text (written for one
 * session) moved on to the session on sale, as the seed moves the exam dates on to today's season.
 * "Two Year … for NEET 2027" and "2025-2027", written for 2025-26, read "NEET 2029" and
 * "2027-2029" in December 2026.
 */
export function seasonal(text: string, now: Date): string {
  const years = sessionOnSale(now) - writtenForSession;
  return text.replace(/\b20\d{2}\b/g, (year) => String(Number(year) + years));
}

/**
 * A centre's 4 numbers: its own, then more lines of the same exchange (the landline's last digit
 * counted up) and a counselling mobile per centre.
 */
function fourPhones(own: string[], branchIndex: number, centreIndex: number): string[] {
  const phones = [...own];
  const landline = own.find((p) => !/^9/.test(p)) ?? own[0] ?? '1800-000-0000';
  for (let k = 1; phones.length < 4 && k < 10; k++) {
    const next = landline.replace(/\d$/, (d) => String((Number(d) + k) % 10));
    if (!phones.includes(next)) phones.push(next);
    if (phones.length < 4) {
      const mobile = `98${String(branchIndex + 10).padStart(3, '0')}-${String(centreIndex + 1).padStart(3, '0')}${k}${k}`;
      if (!phones.includes(mobile)) phones.push(mobile);
    }
  }
  return phones.slice(0, 4);
}

async function seedPaymentOptions(
  db: Kysely<Database>,
  code: string,
  gateway: BranchSeed['gateway'],
): Promise<void> {
  for (const [position, option] of [gatewayOptions[gateway], paytm].entries()) {
    await db
      .insertInto('commerce_payment_options')
      .values({ id: `${code}-${option.value}`, branch_code: code, ...option, position })
      .execute();
  }
}

export async function seedCommerce(db: Kysely<Database>, { now }: SeedOptions): Promise<void> {
  for (const [b, branch] of branches.entries()) {
    await db
      .insertInto('commerce_branches')
      .values({
        code: branch.code,
        name: branch.name,
        city: branch.city,
        state: branch.state,
        channel: 'classroom',
        fee_basis: 'registration_fee',
      })
      .execute();
    for (const [c, [name, address, lat, long, phones]] of branch.centres.entries()) {
      await db
        .insertInto('commerce_centres')
        .values({
          id: `${branch.code}-${c + 1}`,
          branch_code: branch.code,
          center_name: name,
          address,
          contact_numbers: JSON.stringify(fourPhones(phones, b, c)),
          location_url: `https://www.google.com/maps/search/?api=1&query=${lat}%2C${long}`,
          latitude: lat,
          longitude: long,
          position: c,
        })
        .execute();
    }
    await seedPaymentOptions(db, branch.code, branch.gateway);
  }
  await db
    .insertInto('commerce_branches')
    .values({ ...digitalBranch, channel: 'digital', fee_basis: 'course_fee' })
    .execute();
  await seedPaymentOptions(db, digitalBranch.code, 'ccavenue');
  for (const [i, course] of courses.entries()) {
    for (const klass of course.classes) {
      const row: CommerceCoursesTable = {
        product_id: course.classes.length > 1 ? `${course.id}-C${klass}` : course.id,
        class: klass,
        stream: course.stream,
        channel: course.channel,
        career_type: course.career,
        product_title: seasonal(course.title, now),
        product_course_term: seasonal(course.term, now),
        course_category: course.category,
        course_highlights: course.highlights,
        course_description: course.description,
        course_features: JSON.stringify(course.features),
        price_list: JSON.stringify(course.prices),
        has_content: course.content ? 1 : 0,
        position: i,
      };
      await db.insertInto('commerce_courses').values(row).execute();
    }
  }
}
