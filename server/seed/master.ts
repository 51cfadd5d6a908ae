// Master data: boards, states and UTs, cities and schools, the class & stream list, centres (with
// their RCC / F+EC / ALC prefixes and coordinates), IAT per-centre dates, coupons, pincodes and the
// sandbox IP table. Dates and validity windows are relative to the seed time, so a test that
// starts its clock elsewhere gets data that fits its clock.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SeedOptions } from './seed-options';

const e6 = (degrees: number): number => Math.round(degrees * 1_000_000);
const DAY = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

const boards = ['CBSE', 'ICSE', 'State Board', 'IB', 'IGCSE', 'NIOS'];

/** All 28 states and 8 union territories, alphabetical; tid is the position; then the Hindi name. */
export const states: [name: string, code: string, nameHi: string][] = [
  ['Andaman and Nicobar Islands', 'AN', 'अंडमान और निकोबार द्वीपसमूह'],
  ['Andhra Pradesh', 'AP', 'आंध्र प्रदेश'],
  ['Arunachal Pradesh', 'AR', 'अरुणाचल प्रदेश'],
  ['Assam', 'AS', 'असम'],
  ['Bihar', 'BR', 'बिहार'],
  ['Chandigarh', 'CH', 'चंडीगढ़'],
  ['Chhattisgarh', 'CG', 'छत्तीसगढ़'],
  ['Dadra and Nagar Haveli and Daman and Diu', 'DN', 'दादरा और नगर हवेली और दमन और दीव'],
  ['Delhi', 'DL', 'दिल्ली'],
  ['Goa', 'GA', 'गोवा'],
  ['Gujarat', 'GJ', 'गुजरात'],
  ['Haryana', 'HR', 'हरियाणा'],
  ['Himachal Pradesh', 'HP', 'हिमाचल प्रदेश'],
  ['Jammu and Kashmir', 'JK', 'जम्मू और कश्मीर'],
  ['Jharkhand', 'JH', 'झारखंड'],
  ['Karnataka', 'KA', 'कर्नाटक'],
  ['Kerala', 'KL', 'केरल'],
  ['Ladakh', 'LA', 'लद्दाख'],
  ['Lakshadweep', 'LD', 'लक्षद्वीप'],
  ['Madhya Pradesh', 'MP', 'मध्य प्रदेश'],
  ['Maharashtra', 'MH', 'महाराष्ट्र'],
  ['Manipur', 'MN', 'मणिपुर'],
  ['Meghalaya', 'ML', 'मेघालय'],
  ['Mizoram', 'MZ', 'मिज़ोरम'],
  ['Nagaland', 'NL', 'नागालैंड'],
  ['Odisha', 'OD', 'ओडिशा'],
  ['Puducherry', 'PY', 'पुडुचेरी'],
  ['Punjab', 'PB', 'पंजाब'],
  ['Rajasthan', 'RJ', 'राजस्थान'],
  ['Sikkim', 'SK', 'सिक्किम'],
  ['Tamil Nadu', 'TN', 'तमिलनाडु'],
  ['Telangana', 'TS', 'तेलंगाना'],
  ['Tripura', 'TR', 'त्रिपुरा'],
  ['Uttar Pradesh', 'UP', 'उत्तर प्रदेश'],
  ['Uttarakhand', 'UK', 'उत्तराखंड'],
  ['West Bengal', 'WB', 'पश्चिम बंगाल'],
];
const stateTid = (code: string): string => {
  const i = states.findIndex(([, c]) => c === code);
  if (i < 0) throw new Error(`seed: unknown state ${code}`);
  return String(i + 1);
};

const cities: [name: string, state: string][] = [
  ['New Delhi', 'DL'],
  ['Noida', 'UP'],
  ['Gurugram', 'HR'],
  ['Lucknow', 'UP'],
  ['Mumbai', 'MH'],
  ['Pune', 'MH'],
  ['Bengaluru', 'KA'],
  ['Chennai', 'TN'],
  ['Hyderabad', 'TS'],
  ['Kolkata', 'WB'],
  ['Jaipur', 'RJ'],
  ['Patna', 'BR'],
  ['Ahmedabad', 'GJ'],
  ['Chandigarh', 'CH'],
  ['Bhopal', 'MP'],
  ['Kochi', 'KL'],
  ['Bhubaneswar', 'OD'],
  ['Guwahati', 'AS'],
];

/** Schools by city: [short name, full name]. */
const schools: Record<string, [string, string][]> = {
  'New Delhi': [
    ['DPS R.K. Puram', 'Delhi Public School, R.K. Puram'],
    ['Modern School', 'Modern School, Barakhamba Road'],
    ['KV No. 2 Delhi Cantt', 'Kendriya Vidyalaya No. 2, Delhi Cantt'],
    ['Springdales Pusa Road', 'Springdales School, Pusa Road'],
  ],
  Noida: [
    ['DPS Noida', 'Delhi Public School, Sector 30, Noida'],
    ['Amity Noida', 'Amity International School, Sector 44, Noida'],
  ],
  Gurugram: [
    ['The Shri Ram School', 'The Shri Ram School, Aravali, Gurugram'],
    ['DPS Sushant Lok', 'Delhi Public School, Sushant Lok, Gurugram'],
  ],
  Lucknow: [
    ['CMS Gomti Nagar', 'City Montessori School, Gomti Nagar, Lucknow'],
    ['La Martiniere Boys', 'La Martiniere College, Lucknow'],
  ],
  Mumbai: [
    ['Campion School', 'Campion School, Fort, Mumbai'],
    ['DAIS', 'Dhirubhai Ambani International School, Bandra Kurla Complex'],
    ['KV IIT Powai', 'Kendriya Vidyalaya, IIT Powai'],
  ],
  Pune: [
    ['Loyola Pune', 'Loyola High School, Pashan, Pune'],
    ['DPS Pune', 'Delhi Public School, Mohammadwadi, Pune'],
  ],
  Bengaluru: [
    ['NPS Indiranagar', 'National Public School, Indiranagar, Bengaluru'],
    ['Bishop Cotton Boys', "Bishop Cotton Boys' School, Bengaluru"],
    ['KV Hebbal', 'Kendriya Vidyalaya, Hebbal, Bengaluru'],
  ],
  Chennai: [
    ['PSBB KK Nagar', 'Padma Seshadri Bala Bhavan, K.K. Nagar, Chennai'],
    ['DAV Gopalapuram', 'DAV Boys Senior Secondary School, Gopalapuram, Chennai'],
  ],
  Hyderabad: [
    ['HPS Begumpet', 'Hyderabad Public School, Begumpet'],
    ['Chirec Kondapur', 'CHIREC International School, Kondapur, Hyderabad'],
  ],
  Kolkata: [
    ['La Martiniere Kolkata', 'La Martiniere for Boys, Kolkata'],
    ['DPS Ruby Park', 'Delhi Public School, Ruby Park, Kolkata'],
  ],
  Jaipur: [
    ['MGD Jaipur', 'Maharani Gayatri Devi Girls School, Jaipur'],
    ['St. Xavier Jaipur', "St. Xavier's School, Jaipur"],
  ],
  Patna: [
    ['St. Michael Patna', "St. Michael's High School, Patna"],
    ['DPS Patna', 'Delhi Public School, Patna'],
  ],
  Ahmedabad: [
    ['DPS Bopal', 'Delhi Public School, Bopal, Ahmedabad'],
    ['Udgam School', 'Udgam School for Children, Ahmedabad'],
  ],
  Chandigarh: [
    ['St. John Chandigarh', "St. John's High School, Sector 26, Chandigarh"],
    ['Bhavan Vidyalaya', 'Bhavan Vidyalaya, Sector 27, Chandigarh'],
  ],
  Bhopal: [
    ['Campion Bhopal', 'Campion School, Bhopal'],
    ['DPS Bhopal', 'Delhi Public School, Bhopal'],
  ],
  Kochi: [
    ['Choice School', 'Choice School, Tripunithura, Kochi'],
    ['Bhavans Elamakkara', "Bhavan's Vidya Mandir, Elamakkara, Kochi"],
  ],
  Bhubaneswar: [['DAV Chandrasekharpur', 'DAV Public School, Chandrasekharpur, Bhubaneswar']],
  Guwahati: [['Don Bosco Guwahati', 'Don Bosco School, Pan Bazaar, Guwahati']],
};

/** Sorted by class: 6 to 10 foundation, 11 to 12-passed engineering and medical. */
const classStreams: [klass: string, stream: string, display: string][] = [
  ['6', 'SOF', 'Class 6 Foundation'],
  ['7', 'SOF', 'Class 7 Foundation'],
  ['8', 'SOF', 'Class 8 Foundation'],
  ['9', 'SOF', 'Class 9 Foundation'],
  ['10', 'SOF', 'Class 10 Foundation'],
  ['11', 'SOE', 'Class 11 Engineering'],
  ['11', 'SOM', 'Class 11 Medical'],
  ['12', 'SOE', 'Class 12 Engineering'],
  ['12', 'SOM', 'Class 12 Medical'],
  ['12-passed', 'SOE', 'Class 12 Passed Engineering'],
  ['12-passed', 'SOM', 'Class 12 Passed Medical'],
];

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

const ALL_STREAMS = ['SOE', 'SOF', 'SOM'];
const BOTH_MODES = ['Online', 'Offline'];
const WIDE = ['iACST', 'MOCK-NEET', 'MOCK-JEE', 'IAT'];
const NO_IAT = ['iACST', 'MOCK-NEET', 'MOCK-JEE'];

export const centres: CentreSeed[] = [
  {
    name: 'RCC Delhi Central',
    labelHi: 'दिल्ली सेंट्रल',
    code: 'DL001',
    state: 'DL',
    city: 'New Delhi',
    address: '8 Pusa Road, Karol Bagh, New Delhi 110005',
    phones: ['011-4762-3456', '011-4762-3457', '98100-00101', '98100-00102'],
    lat: 28.6448,
    long: 77.1905,
    examTypes: WIDE,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'F+EC Delhi Janakpuri',
    labelHi: 'दिल्ली जनकपुरी',
    code: 'DL002',
    state: 'DL',
    city: 'New Delhi',
    address: 'C-2 Community Centre, Janakpuri, New Delhi 110058',
    phones: ['011-4550-1200', '98100-00201'],
    lat: 28.6219,
    long: 77.0878,
    examTypes: WIDE,
    modes: BOTH_MODES,
    streams: ['SOE', 'SOF'],
  },
  {
    name: 'ALC Delhi Rohini',
    labelHi: 'दिल्ली रोहिणी',
    code: 'DL003',
    state: 'DL',
    city: 'New Delhi',
    address: 'Plot 3, Sector 10, Rohini, New Delhi 110085',
    phones: ['011-4705-8800'],
    lat: 28.7041,
    long: 77.1025,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Noida Sector 18',
    labelHi: 'नोएडा सेक्टर 18',
    code: 'UP001',
    state: 'UP',
    city: 'Noida',
    address: 'K-4 Sector 18, Noida 201301',
    phones: ['0120-4567-100', '98100-00301'],
    lat: 28.5708,
    long: 77.3261,
    examTypes: WIDE,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Lucknow Hazratganj',
    labelHi: 'लखनऊ हज़रतगंज',
    code: 'UP002',
    state: 'UP',
    city: 'Lucknow',
    address: '25 Ashok Marg, Hazratganj, Lucknow 226001',
    phones: ['0522-400-1234'],
    lat: 26.8467,
    long: 80.9462,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Gurugram Sector 14',
    labelHi: 'गुरुग्राम सेक्टर 14',
    code: 'HR001',
    state: 'HR',
    city: 'Gurugram',
    address: 'SCO 22, Sector 14, Gurugram 122001',
    phones: ['0124-470-2200', '98100-00401'],
    lat: 28.4727,
    long: 77.0421,
    examTypes: WIDE,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Mumbai Andheri',
    labelHi: 'मुंबई अंधेरी',
    code: 'MH001',
    state: 'MH',
    city: 'Mumbai',
    address: 'Veera Desai Road, Andheri West, Mumbai 400053',
    phones: ['022-4012-3400', '98200-00101'],
    lat: 19.1363,
    long: 72.8277,
    examTypes: WIDE,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'F+EC Pune Shivajinagar',
    labelHi: 'पुणे शिवाजीनगर',
    code: 'MH002',
    state: 'MH',
    city: 'Pune',
    address: 'FC Road, Shivajinagar, Pune 411005',
    phones: ['020-4120-5500'],
    lat: 18.5308,
    long: 73.8475,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ['SOE', 'SOF'],
  },
  {
    name: 'RCC Bengaluru Jayanagar',
    labelHi: 'बेंगलुरु जयनगर',
    code: 'KA001',
    state: 'KA',
    city: 'Bengaluru',
    address: '30th Cross, 4th Block, Jayanagar, Bengaluru 560011',
    phones: ['080-4110-2200', '98450-00101'],
    lat: 12.925,
    long: 77.5938,
    examTypes: WIDE,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Chennai T Nagar',
    labelHi: 'चेन्नई टी नगर',
    code: 'TN001',
    state: 'TN',
    city: 'Chennai',
    address: 'Usman Road, T. Nagar, Chennai 600017',
    phones: ['044-4350-1100'],
    lat: 13.0418,
    long: 80.2341,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Hyderabad Ameerpet',
    labelHi: 'हैदराबाद अमीरपेट',
    code: 'TS001',
    state: 'TS',
    city: 'Hyderabad',
    address: 'Ameerpet X Roads, Hyderabad 500016',
    phones: ['040-4020-3300'],
    lat: 17.4375,
    long: 78.4483,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Kolkata Salt Lake',
    labelHi: 'कोलकाता सॉल्ट लेक',
    code: 'WB001',
    state: 'WB',
    city: 'Kolkata',
    address: 'DD-26 Sector 1, Salt Lake City, Kolkata 700064',
    phones: ['033-4060-1200'],
    lat: 22.5867,
    long: 88.4171,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Jaipur Malviya Nagar',
    labelHi: 'जयपुर मालवीय नगर',
    code: 'RJ001',
    state: 'RJ',
    city: 'Jaipur',
    address: 'D-12 Malviya Nagar, Jaipur 302017',
    phones: ['0141-400-5500'],
    lat: 26.8549,
    long: 75.8243,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Patna Boring Road',
    labelHi: 'पटना बोरिंग रोड',
    code: 'BR001',
    state: 'BR',
    city: 'Patna',
    address: 'Boring Road Crossing, Patna 800001',
    phones: ['0612-250-1100'],
    lat: 25.6093,
    long: 85.1235,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'ALC Ahmedabad Navrangpura',
    labelHi: 'अहमदाबाद नवरंगपुरा',
    code: 'GJ001',
    state: 'GJ',
    city: 'Ahmedabad',
    address: 'CG Road, Navrangpura, Ahmedabad 380009',
    phones: ['079-4002-3300'],
    lat: 23.0365,
    long: 72.5611,
    examTypes: ['iACST'],
    modes: ['Offline'],
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Chandigarh Sector 34',
    labelHi: 'चंडीगढ़ सेक्टर 34',
    code: 'CH001',
    state: 'CH',
    city: 'Chandigarh',
    address: 'SCO 330, Sector 34-A, Chandigarh 160022',
    phones: ['0172-500-2200'],
    lat: 30.7225,
    long: 76.7679,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Bhopal MP Nagar',
    labelHi: 'भोपाल एमपी नगर',
    code: 'MP001',
    state: 'MP',
    city: 'Bhopal',
    address: 'Zone II, M.P. Nagar, Bhopal 462011',
    phones: ['0755-400-1100'],
    lat: 23.2332,
    long: 77.4343,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'ALC Kochi Kaloor',
    labelHi: 'कोच्चि कलूर',
    code: 'KL001',
    state: 'KL',
    city: 'Kochi',
    address: 'Kaloor Stadium Road, Kochi 682017',
    phones: ['0484-400-7700'],
    lat: 9.9971,
    long: 76.3015,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ['SOE', 'SOM'],
  },
  {
    name: 'RCC Bhubaneswar Saheed Nagar',
    labelHi: 'भुवनेश्वर शहीद नगर',
    code: 'OD001',
    state: 'OD',
    city: 'Bhubaneswar',
    address: 'Plot 52, Saheed Nagar, Bhubaneswar 751007',
    phones: ['0674-254-3300'],
    lat: 20.2891,
    long: 85.8441,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    name: 'RCC Guwahati Christian Basti',
    labelHi: 'गुवाहाटी क्रिश्चियन बस्ती',
    code: 'AS001',
    state: 'AS',
    city: 'Guwahati',
    address: 'GS Road, Christian Basti, Guwahati 781005',
    phones: ['0361-234-5500'],
    lat: 26.1535,
    long: 91.7794,
    examTypes: NO_IAT,
    modes: BOTH_MODES,
    streams: ALL_STREAMS,
  },
  {
    // The digital-only special branch: in the data, never in a list (part 2 §1, §9).
    name: 'Digital Learning Centre',
    labelHi: 'डिजिटल लर्निंग सेंटर',
    code: 'IC006',
    state: 'DL',
    city: 'New Delhi',
    address: 'Online (our team will contact you)',
    phones: ['1800-000-0006'],
    lat: 28.6304,
    long: 77.2177,
    examTypes: WIDE,
    modes: ['Online'],
    streams: ALL_STREAMS,
    listed: false,
    defaultOnline: true,
  },
];

/** [pincode, place name, city, state, lat, long] */
const pincodes: [string, string, string, string, number, number][] = [
  ['110001', 'Connaught Place', 'New Delhi', 'Delhi', 28.6304, 77.2177],
  ['110005', 'Karol Bagh', 'New Delhi', 'Delhi', 28.6519, 77.1909],
  ['110016', 'Hauz Khas', 'New Delhi', 'Delhi', 28.5494, 77.2001],
  ['110017', 'Malviya Nagar', 'New Delhi', 'Delhi', 28.5335, 77.2109],
  ['110058', 'Janakpuri', 'New Delhi', 'Delhi', 28.6219, 77.0878],
  ['110085', 'Rohini Sector 10', 'New Delhi', 'Delhi', 28.7041, 77.1025],
  ['110092', 'Laxmi Nagar', 'New Delhi', 'Delhi', 28.6304, 77.2773],
  ['201301', 'Noida Sector 18', 'Noida', 'Uttar Pradesh', 28.5708, 77.3261],
  ['122001', 'Gurugram Sector 14', 'Gurugram', 'Haryana', 28.4727, 77.0421],
  ['226001', 'Hazratganj', 'Lucknow', 'Uttar Pradesh', 26.8467, 80.9462],
  ['226010', 'Gomti Nagar', 'Lucknow', 'Uttar Pradesh', 26.8564, 81.0046],
  ['400001', 'Fort', 'Mumbai', 'Maharashtra', 18.9345, 72.8355],
  ['400050', 'Bandra West', 'Mumbai', 'Maharashtra', 19.0596, 72.8295],
  ['400053', 'Andheri West', 'Mumbai', 'Maharashtra', 19.1363, 72.8277],
  ['400076', 'Powai', 'Mumbai', 'Maharashtra', 19.1176, 72.906],
  ['411005', 'Shivajinagar', 'Pune', 'Maharashtra', 18.5308, 73.8475],
  ['411038', 'Kothrud', 'Pune', 'Maharashtra', 18.5074, 73.8077],
  ['560001', 'MG Road', 'Bengaluru', 'Karnataka', 12.9756, 77.6066],
  ['560011', 'Jayanagar', 'Bengaluru', 'Karnataka', 12.925, 77.5938],
  ['560034', 'Koramangala', 'Bengaluru', 'Karnataka', 12.9352, 77.6245],
  ['600017', 'T. Nagar', 'Chennai', 'Tamil Nadu', 13.0418, 80.2341],
  ['600040', 'Anna Nagar', 'Chennai', 'Tamil Nadu', 13.085, 80.2101],
  ['500016', 'Ameerpet', 'Hyderabad', 'Telangana', 17.4375, 78.4483],
  ['500032', 'Gachibowli', 'Hyderabad', 'Telangana', 17.4401, 78.3489],
  ['700019', 'Ballygunge', 'Kolkata', 'West Bengal', 22.5262, 88.3639],
  ['700064', 'Salt Lake Sector 1', 'Kolkata', 'West Bengal', 22.5867, 88.4171],
  ['302001', 'Jaipur GPO', 'Jaipur', 'Rajasthan', 26.9196, 75.7878],
  ['302017', 'Malviya Nagar', 'Jaipur', 'Rajasthan', 26.8549, 75.8243],
  ['800001', 'Patna GPO', 'Patna', 'Bihar', 25.6093, 85.1235],
  ['380009', 'Navrangpura', 'Ahmedabad', 'Gujarat', 23.0365, 72.5611],
  ['380015', 'Satellite', 'Ahmedabad', 'Gujarat', 23.03, 72.5176],
  ['160017', 'Sector 17', 'Chandigarh', 'Chandigarh', 30.7398, 76.7827],
  ['160022', 'Sector 34', 'Chandigarh', 'Chandigarh', 30.7225, 76.7679],
  ['462011', 'M.P. Nagar', 'Bhopal', 'Madhya Pradesh', 23.2332, 77.4343],
  ['682017', 'Kaloor', 'Kochi', 'Kerala', 9.9971, 76.3015],
  ['751007', 'Saheed Nagar', 'Bhubaneswar', 'Odisha', 20.2891, 85.8441],
  ['781005', 'Christian Basti', 'Guwahati', 'Assam', 26.1535, 91.7794],
];

/** Sandbox IP geolocation: loopback and private addresses are New Delhi; '' is the default. */
const newDelhi = {
  postal: '110001',
  country_code: 'IN',
  lat: 28.6304,
  long: 77.2177,
  city: 'New Delhi',
  state: 'Delhi',
};
const ipRanges: [prefix: string, place: typeof newDelhi][] = [
  ['', { postal: '', country_code: 'IN', lat: 20.5937, long: 78.9629, city: '', state: '' }],
  ['127.', newDelhi],
  ['10.', newDelhi],
  ['192.168.', newDelhi],
  ['172.16.', newDelhi],
  ['::1', newDelhi],
  ['::ffff:127.', newDelhi],
  ['::ffff:10.', newDelhi],
  ['::ffff:192.168.', newDelhi],
];

/** [code, exam type, percent off, amount off, classes, lead term, expired] */
const coupons: [string, string, number | null, number | null, string[] | null, string | null, boolean][] = [
  ['NEET50', 'MOCK-NEET', null, 50, null, null, false],
  ['NEETFREE', 'MOCK-NEET', 100, null, null, null, false],
  ['NEET2526', 'MOCK-NEET', 20, null, ['11', '12', '12-passed'], '2025-26', false],
  ['NEET2024', 'MOCK-NEET', 25, null, null, null, true],
  ['JEE10', 'MOCK-JEE', 10, null, null, null, false],
  ['JEEDROP', 'MOCK-JEE', 25, null, ['12-passed'], null, false],
  ['JEEEARLY', 'MOCK-JEE', 20, null, null, null, true],
  ['IAT25', 'IAT', 25, null, null, null, false],
  ['IATOLD', 'IAT', 50, null, null, null, true],
];

/** IAT dates per centre: the next eight Sundays (IST) of each IAT branch. */
function nextSundays(now: Date, count: number): string[] {
  const today = new Date(now.getTime() + IST_OFFSET_MS);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const first = midnight + ((7 - today.getUTCDay()) % 7 || 7) * DAY;
  return Array.from({ length: count }, (_, i) => new Date(first + i * 7 * DAY).toISOString().slice(0, 10));
}

/** Seeds boards, cities, schools, class-streams, states, centres, dates, coupons, pincodes, IP rows. */
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
    .insertInto('coupons')
    .values(
      coupons.map(([code, exam_type, percent_off, amount_off, classes, lead_term, expired]) => ({
        id: `coupon-${exam_type}-${code}`.toLowerCase(),
        code,
        exam_type,
        percent_off,
        amount_off,
        classes: classes ? JSON.stringify(classes) : null,
        lead_term,
        valid_from: new Date(now.getTime() - (expired ? 400 : 30) * DAY).toISOString(),
        valid_until: new Date(now.getTime() + (expired ? -1 : 365) * DAY).toISOString(),
      })),
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
