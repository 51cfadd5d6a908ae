// Commerce seed: branches (the same codes as the exam centres), their centres with addresses,
// coordinates and 4 phone numbers, payment options per branch, and courses per class and stream
// with list prices. No third-party fee-waiver records: a demo student's waiver is their scholarship,
// derived from their result (server/services/results/scholarship.ts), so the banner and the fee agree.
import type { Kysely } from 'kysely';
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
// centre gets a branch list, payment options and courses.
const branches: BranchSeed[] = [
  {
    code: 'DL001',
    name: 'New Delhi',
    city: 'New Delhi',
    state: 'Delhi',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Delhi Central',
        '8 Pusa Road, Karol Bagh, New Delhi 110005',
        '28.6448',
        '77.1905',
        ['011-4762-3456', '011-4762-3457', '98100-00101', '98100-00102'],
      ],
      [
        'F+EC Delhi Connaught Place',
        'Plot 14, Block B, Connaught Place, New Delhi 110001',
        '28.6315',
        '77.2167',
        ['011-4762-3470', '011-4762-3471', '98100-00111', '98100-00112'],
      ],
      [
        'ALC Delhi Lajpat Nagar',
        'A-22 Ring Road, Lajpat Nagar IV, New Delhi 110024',
        '28.5677',
        '77.2433',
        ['011-4762-3480', '011-4762-3481', '98100-00121', '98100-00122'],
      ],
    ],
  },
  {
    code: 'DL002',
    name: 'Delhi West',
    city: 'New Delhi',
    state: 'Delhi',
    gateway: 'ccavenue',
    centres: [
      [
        'F+EC Delhi Janakpuri',
        'C-2 Community Centre, Janakpuri, New Delhi 110058',
        '28.6219',
        '77.0878',
        ['011-4550-1200', '98100-00201'],
      ],
      [
        'RCC Delhi Dwarka',
        'Plot 6, Sector 12, Dwarka, New Delhi 110078',
        '28.5921',
        '77.0460',
        ['011-4550-1210', '98100-00211'],
      ],
    ],
  },
  {
    code: 'DL003',
    name: 'Delhi North',
    city: 'New Delhi',
    state: 'Delhi',
    gateway: 'ccavenue',
    centres: [
      [
        'ALC Delhi Rohini',
        'Plot 3, Sector 10, Rohini, New Delhi 110085',
        '28.7041',
        '77.1025',
        ['011-4705-8800'],
      ],
    ],
  },
  {
    code: 'UP001',
    name: 'Noida',
    city: 'Noida',
    state: 'Uttar Pradesh',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Noida Sector 18',
        'K-4 Sector 18, Noida 201301',
        '28.5708',
        '77.3261',
        ['0120-4567-100', '98100-00301'],
      ],
      [
        'F+EC Noida Sector 62',
        'C-56 Sector 62, Noida 201309',
        '28.6208',
        '77.3639',
        ['0120-4567-110', '98100-00311'],
      ],
    ],
  },
  {
    code: 'UP002',
    name: 'Lucknow',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    gateway: 'others',
    centres: [
      [
        'RCC Lucknow Hazratganj',
        '25 Ashok Marg, Hazratganj, Lucknow 226001',
        '26.8467',
        '80.9462',
        ['0522-400-1234'],
      ],
      [
        'F+EC Lucknow Gomti Nagar',
        'Vibhuti Khand, Gomti Nagar, Lucknow 226010',
        '26.8564',
        '81.0046',
        ['0522-400-1240'],
      ],
    ],
  },
  {
    code: 'HR001',
    name: 'Gurugram',
    city: 'Gurugram',
    state: 'Haryana',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Gurugram Sector 14',
        'SCO 22, Sector 14, Gurugram 122001',
        '28.4727',
        '77.0421',
        ['0124-470-2200', '98100-00401'],
      ],
    ],
  },
  {
    code: 'MH001',
    name: 'Mumbai',
    city: 'Mumbai',
    state: 'Maharashtra',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Mumbai Andheri',
        'Veera Desai Road, Andheri West, Mumbai 400053',
        '19.1363',
        '72.8277',
        ['022-4012-3400', '98200-00101'],
      ],
      [
        'F+EC Mumbai Dadar',
        'Shivaji Park Road No. 5, Dadar West, Mumbai 400028',
        '19.0269',
        '72.8381',
        ['022-4012-3410', '98200-00111'],
      ],
    ],
  },
  {
    code: 'MH002',
    name: 'Pune',
    city: 'Pune',
    state: 'Maharashtra',
    gateway: 'ccavenue',
    centres: [
      [
        'F+EC Pune Shivajinagar',
        'FC Road, Shivajinagar, Pune 411005',
        '18.5308',
        '73.8475',
        ['020-4120-5500'],
      ],
    ],
  },
  {
    code: 'KA001',
    name: 'Bengaluru',
    city: 'Bengaluru',
    state: 'Karnataka',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Bengaluru Jayanagar',
        '30th Cross, 4th Block, Jayanagar, Bengaluru 560011',
        '12.9250',
        '77.5938',
        ['080-4110-2200', '98450-00101'],
      ],
      [
        'ALC Bengaluru Indiranagar',
        '100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038',
        '12.9719',
        '77.6412',
        ['080-4110-2210', '98450-00111'],
      ],
    ],
  },
  {
    code: 'TN001',
    name: 'Chennai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Chennai T Nagar',
        'Usman Road, T. Nagar, Chennai 600017',
        '13.0418',
        '80.2341',
        ['044-4350-1100'],
      ],
      [
        'F+EC Chennai Anna Nagar',
        'AC-45, 2nd Avenue, Anna Nagar, Chennai 600040',
        '13.0850',
        '80.2101',
        ['044-4350-1110'],
      ],
    ],
  },
  {
    code: 'TS001',
    name: 'Hyderabad',
    city: 'Hyderabad',
    state: 'Telangana',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Hyderabad Ameerpet',
        'Ameerpet X Roads, Hyderabad 500016',
        '17.4375',
        '78.4483',
        ['040-4020-3300'],
      ],
      [
        'F+EC Hyderabad Dilsukhnagar',
        'Dilsukhnagar Main Road, Hyderabad 500060',
        '17.3688',
        '78.5247',
        ['040-4020-3310'],
      ],
    ],
  },
  {
    code: 'WB001',
    name: 'Kolkata',
    city: 'Kolkata',
    state: 'West Bengal',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Kolkata Salt Lake',
        'DD-26 Sector 1, Salt Lake City, Kolkata 700064',
        '22.5867',
        '88.4171',
        ['033-4060-1200'],
      ],
      [
        'ALC Kolkata Ballygunge',
        '142 Rash Behari Avenue, Ballygunge, Kolkata 700019',
        '22.5262',
        '88.3639',
        ['033-4060-1210'],
      ],
    ],
  },
  {
    code: 'RJ001',
    name: 'Jaipur',
    city: 'Jaipur',
    state: 'Rajasthan',
    gateway: 'others',
    centres: [
      [
        'RCC Jaipur Malviya Nagar',
        'D-12 Malviya Nagar, Jaipur 302017',
        '26.8549',
        '75.8243',
        ['0141-400-5500'],
      ],
      [
        'ALC Jaipur Vaishali Nagar',
        'C-41 Amrapali Marg, Vaishali Nagar, Jaipur 302021',
        '26.9120',
        '75.7434',
        ['0141-400-5510'],
      ],
    ],
  },
  {
    code: 'BR001',
    name: 'Patna',
    city: 'Patna',
    state: 'Bihar',
    gateway: 'others',
    centres: [
      [
        'RCC Patna Boring Road',
        'Boring Road Crossing, Patna 800001',
        '25.6093',
        '85.1235',
        ['0612-250-1100'],
      ],
    ],
  },
  {
    code: 'GJ001',
    name: 'Ahmedabad',
    city: 'Ahmedabad',
    state: 'Gujarat',
    gateway: 'others',
    centres: [
      [
        'ALC Ahmedabad Navrangpura',
        'CG Road, Navrangpura, Ahmedabad 380009',
        '23.0365',
        '72.5611',
        ['079-4002-3300'],
      ],
      [
        'F+EC Ahmedabad Satellite',
        'Shyamal Cross Road, Satellite, Ahmedabad 380015',
        '23.0300',
        '72.5176',
        ['079-4002-3310'],
      ],
    ],
  },
  {
    code: 'CH001',
    name: 'Chandigarh',
    city: 'Chandigarh',
    state: 'Chandigarh',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Chandigarh Sector 34',
        'SCO 330, Sector 34-A, Chandigarh 160022',
        '30.7225',
        '76.7679',
        ['0172-500-2200'],
      ],
    ],
  },
  {
    code: 'MP001',
    name: 'Bhopal',
    city: 'Bhopal',
    state: 'Madhya Pradesh',
    gateway: 'ccavenue',
    centres: [
      ['RCC Bhopal MP Nagar', 'Zone II, M.P. Nagar, Bhopal 462011', '23.2332', '77.4343', ['0755-400-1100']],
    ],
  },
  {
    code: 'KL001',
    name: 'Kochi',
    city: 'Kochi',
    state: 'Kerala',
    gateway: 'ccavenue',
    centres: [
      ['ALC Kochi Kaloor', 'Kaloor Stadium Road, Kochi 682017', '9.9971', '76.3015', ['0484-400-7700']],
    ],
  },
  {
    code: 'OD001',
    name: 'Bhubaneswar',
    city: 'Bhubaneswar',
    state: 'Odisha',
    gateway: 'ccavenue',
    centres: [
      [
        'RCC Bhubaneswar Saheed Nagar',
        'Plot 52, Saheed Nagar, Bhubaneswar 751007',
        '20.2891',
        '85.8441',
        ['0674-254-3300'],
      ],
    ],
  },
  {
    code: 'AS001',
    name: 'Guwahati',
    city: 'Guwahati',
    state: 'Assam',
    gateway: 'others',
    centres: [
      [
        'RCC Guwahati Christian Basti',
        'GS Road, Christian Basti, Guwahati 781005',
        '26.1535',
        '91.7794',
        ['0361-234-5500'],
      ],
    ],
  },
];

/** The digital-only special branch: no centre list, online courses, whole course fee with waivers. */
const digitalBranch = { code: 'IC006', name: 'Digital Learning Centre', city: 'New Delhi', state: 'Delhi' };

const PAYTM = { value: 'paytm', label: 'Paytm (UPI, wallet, cards)' };
const gatewayOption = {
  ccavenue: { value: 'ccavenue', label: 'CCAvenue (cards, net banking, UPI)' },
  others: { value: 'others', label: 'Other payment options (cards, net banking, UPI)' },
};

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

const classroomFeatures = [
  'Live classroom teaching by experienced faculty',
  'Printed study material and an admission kit',
  'Regular assessments with all-India ranking',
  'Doubt-clearing sessions and parent-teacher meetings',
  'E-books, recorded lectures and audios in the app',
];
const digitalFeatures = [
  'Live online classes with recordings',
  'E-books, video lectures and audios',
  'Online test series with detailed analysis',
  'Doubt resolution in the app within 24 hours',
];

const classroomPrices = (tuition: number): PriceList => ({
  'Registration Fee': 2000,
  'Admission Kit & Digital Access': 15000,
  'Tuition Fee': tuition,
  'Tech + Exam Fee': 12000,
  'Classroom Fee Service': 20000,
});
const digitalPrices = (tuition: number): PriceList => ({
  'Registration Fee': 1000,
  'Admission Kit & Digital Access': 8000,
  'Tuition Fee': tuition,
  'Tech + Exam Fee': 6000,
});

async function seedPaymentOptions(
  db: Kysely<Database>,
  code: string,
  gateway: BranchSeed['gateway'],
): Promise<void> {
  for (const [position, option] of [gatewayOption[gateway], PAYTM].entries()) {
    await db
      .insertInto('commerce_payment_options')
      .values({ id: `${code}-${option.value}`, branch_code: code, ...option, position })
      .execute();
  }
}

const courses: CourseSeed[] = [
  ...['6', '7', '8'].map((c): CourseSeed => ({
    id: `FND-C${c}-1Y`,
    classes: [c],
    stream: 'SOF',
    channel: 'classroom',
    career: 'Foundation',
    title: `Foundation Classroom Course for Class ${c}`,
    term: '2025-2026',
    category: 'Foundation',
    highlights: 'Builds strong basics in Science and Mathematics; prepares for Olympiads and NTSE.',
    description: `A one-year classroom programme for class ${c} students that strengthens school concepts in Science and Mathematics and builds logical reasoning for Olympiads.`,
    features: classroomFeatures,
    prices: classroomPrices(c === '8' ? 85000 : 70000),
    content: true,
  })),
  {
    id: 'FND-C9-2Y',
    classes: ['9'],
    stream: 'SOF',
    channel: 'classroom',
    career: 'Foundation',
    title: 'Two Year Foundation Course for Class 9 (NEET / JEE Foundation)',
    term: '2025-2027',
    category: 'Foundation',
    highlights: 'Covers classes 9 and 10; early preparation for NEET and JEE with board excellence.',
    description:
      'A two-year classroom programme for classes 9 and 10 covering Physics, Chemistry, Biology and Mathematics with an early start on competitive-exam problem solving.',
    features: classroomFeatures,
    prices: classroomPrices(160000),
    content: true,
  },
  ...['9', '10'].map((c): CourseSeed => ({
    id: `FND-C${c}-1Y`,
    classes: [c],
    stream: 'SOF',
    channel: 'classroom',
    career: 'Foundation',
    title: `Foundation Classroom Course for Class ${c}`,
    term: '2025-2026',
    category: 'Foundation',
    highlights: 'School boards, Olympiads and NTSE, with an early start on NEET and JEE basics.',
    description: `A one-year classroom programme for class ${c} students that covers the board syllabus in depth and prepares for Olympiads and NTSE.`,
    features: classroomFeatures,
    prices: classroomPrices(95000),
    content: c === '10',
  })),
  {
    id: 'NEET-C11-2Y',
    classes: ['11'],
    stream: 'SOM',
    channel: 'classroom',
    career: 'NEET',
    title: 'Two Year Integrated Classroom Course for NEET 2027',
    term: '2025-2027',
    category: 'Medical',
    highlights: 'Complete NEET syllabus of classes 11 and 12 with board preparation.',
    description:
      'A two-year classroom programme for class 11 students aiming for NEET 2027: Physics, Chemistry and Biology taught for NEET and the board exams together.',
    features: classroomFeatures,
    prices: classroomPrices(145000),
    content: true,
  },
  {
    id: 'JEE-C11-2Y',
    classes: ['11'],
    stream: 'SOE',
    channel: 'classroom',
    career: 'JEE',
    title: 'Two Year Integrated Classroom Course for JEE (Main & Advanced) 2027',
    term: '2025-2027',
    category: 'Engineering',
    highlights: 'Complete JEE Main and Advanced syllabus of classes 11 and 12 with board preparation.',
    description:
      'A two-year classroom programme for class 11 students aiming for JEE (Main & Advanced) 2027: Physics, Chemistry and Mathematics for the entrance and board exams together, from \\(\\int_0^1 x^2\\,dx = \\tfrac{1}{3}\\) to \\(F = \\dfrac{G m_1 m_2}{r^2}\\).',
    features: classroomFeatures,
    prices: classroomPrices(150000),
    content: true,
  },
  {
    id: 'NEET-C12-1Y',
    classes: ['12'],
    stream: 'SOM',
    channel: 'classroom',
    career: 'NEET',
    title: 'One Year Integrated Classroom Course for NEET 2026',
    term: '2025-2026',
    category: 'Medical',
    highlights: 'Class 12 syllabus with a full revision of class 11 for NEET 2026.',
    description:
      'A one-year classroom programme for class 12 students: the class 12 syllabus for NEET and the boards, with a complete revision of class 11 topics.',
    features: classroomFeatures,
    prices: classroomPrices(95000),
    content: false,
  },
  {
    id: 'JEE-C12-1Y',
    classes: ['12'],
    stream: 'SOE',
    channel: 'classroom',
    career: 'JEE',
    title: 'One Year Integrated Classroom Course for JEE (Main & Advanced) 2026',
    term: '2025-2026',
    category: 'Engineering',
    highlights: 'Class 12 syllabus with a full revision of class 11 for JEE 2026.',
    description:
      'A one-year classroom programme for class 12 students: the class 12 syllabus for JEE (Main & Advanced) and the boards, with a complete revision of class 11 topics.',
    features: classroomFeatures,
    prices: classroomPrices(98000),
    content: false,
  },
  {
    id: 'NEET-RPT-1Y',
    classes: ['12-passed'],
    stream: 'SOM',
    channel: 'classroom',
    career: 'NEET',
    title: 'Repeater Classroom Course for NEET 2026',
    term: '2025-2026',
    category: 'Medical (Repeater)',
    highlights: 'For class 12 passed students: the full NEET syllabus again, with weekly full-length tests.',
    description:
      'A one-year classroom programme for students who have passed class 12 and are preparing for NEET again. Repeater scholarships are capped at 60%.',
    features: classroomFeatures,
    prices: classroomPrices(110000),
    content: true,
  },
  {
    id: 'JEE-RPT-1Y',
    classes: ['12-passed'],
    stream: 'SOE',
    channel: 'classroom',
    career: 'JEE',
    title: 'Repeater Classroom Course for JEE (Main & Advanced) 2026',
    term: '2025-2026',
    category: 'Engineering (Repeater)',
    highlights: 'For class 12 passed students: the full JEE syllabus again, with weekly full-length tests.',
    description:
      'A one-year classroom programme for students who have passed class 12 and are preparing for JEE again. Repeater scholarships are capped at 60%.',
    features: classroomFeatures,
    prices: classroomPrices(112000),
    content: true,
  },
  // Digital-only courses (branch IC006).
  ...(['11', '12', '12-passed'] as const).flatMap((c): CourseSeed[] => {
    const label = c === '12-passed' ? 'Class 12 Passed' : `Class ${c}`;
    const year = c === '11' ? '2027' : '2026';
    const term = c === '11' ? '2025-2027' : '2025-2026';
    const code = c === '12-passed' ? 'RPT' : `C${c}`;
    return [
      {
        id: `DIG-NEET-${code}`,
        classes: [c],
        stream: 'SOM',
        channel: 'digital',
        career: 'NEET',
        title: `Live Online Course for NEET ${year} (${label})`,
        term,
        category: 'Medical (Online)',
        highlights: 'Learn from home with live classes, recordings and an online test series.',
        description: `An online programme for ${label.toLowerCase()} students preparing for NEET ${year}, with live classes, recorded lectures and online tests.`,
        features: digitalFeatures,
        prices: digitalPrices(c === '11' ? 60000 : 45000),
        content: true,
      },
      {
        id: `DIG-JEE-${code}`,
        classes: [c],
        stream: 'SOE',
        channel: 'digital',
        career: 'JEE',
        title: `Live Online Course for JEE (Main & Advanced) ${year} (${label})`,
        term,
        category: 'Engineering (Online)',
        highlights: 'Learn from home with live classes, recordings and an online test series.',
        description: `An online programme for ${label.toLowerCase()} students preparing for JEE ${year}, with live classes, recorded lectures and online tests.`,
        features: digitalFeatures,
        prices: digitalPrices(c === '11' ? 62000 : 47000),
        content: false,
      },
    ];
  }),
  {
    id: 'DIG-FND',
    classes: ['9', '10'],
    stream: 'SOF',
    channel: 'digital',
    career: 'Foundation',
    title: 'Live Online Foundation Course (Classes 9 and 10)',
    term: '2025-2026',
    category: 'Foundation (Online)',
    highlights: 'Board and Olympiad preparation online, with live doubt sessions.',
    description:
      'An online foundation programme for classes 9 and 10 covering Science and Mathematics for the boards and Olympiads.',
    features: digitalFeatures,
    prices: digitalPrices(30000),
    content: false,
  },
];

export async function seedCommerce(db: Kysely<Database>, _options: SeedOptions): Promise<void> {
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
        product_title: course.title,
        product_course_term: course.term,
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
