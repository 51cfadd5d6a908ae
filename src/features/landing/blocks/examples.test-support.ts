// Named examples of every block type (as GOV.UK Frontend names its component examples) and a
// test BlockContext. The strings the blocks show are written here, so a wording change in config
// does not move these tests; the rest of the table (form and validation strings) comes from en.json.
import en from '../../../../config/i18n/en.json' with { type: 'json' };
import { createTranslator } from '../../../engine/i18n';
import type { UiStringTable } from '../../../generated/config/i18n';
import type { Block, Image, Landing } from '../../../generated/config/landing';
import type { Programme } from '../../../generated/config/programme';
import type { Site } from '../../../generated/config/site';
import type { BlockContext, BlockOfType } from '../block-context';

/** Every UI string in English. A missing key fails to compile. */
export const englishStrings: UiStringTable = {
  ...en.strings,
  skipToContent: 'Skip to main content',
  'header.callUs': 'Call us',
  'header.home': '{brand} home',
  'faq.heading': 'Frequently asked questions',
  'howToRegister.link': 'How to register?',
  'registration.heading': 'Register Now',
  'registration.verifyHeading': 'Verify OTP',
  'registration.placeholder': 'One moment…',
  'carousel.label': '{heading} carousel',
  'carousel.previous': 'Previous slide',
  'carousel.next': 'Next slide',
  'carousel.pause': 'Pause automatic sliding',
  'carousel.play': 'Start automatic sliding',
  'carousel.slide': '{current} of {total}',
  'steps.step': 'Step {n}',
  'cardStack.next': 'Show the next card',
  backToTop: 'Back to top',
  'legal.terms': 'Terms & Conditions',
  'legal.privacy': 'Privacy Policy',
  'footer.address': 'Address',
  'footer.phone': 'Phone',
  'footer.email': 'E-mail',
  'footer.follow': 'Follow us',
  'footer.app': 'Get the app',
  'footer.version': 'Version {version}',
  'notFound.title': 'Oops! Page not found',
  'notFound.text': 'The page you are looking for does not exist.',
  'notFound.login': 'Go to the login page',
  'notFound.website': 'Visit our website',
  'login.heading': 'Student login',
  'login.rollNumber': 'Roll number',
  'login.password': 'Password (date of birth)',
  'login.passwordHint': 'DD/MM/YYYY',
  'login.forgot': 'Forgot roll number/password?',
  'login.submit': 'Login',
  'login.noAccount': "Don't have an account?",
  'login.register': 'Register here',
  'screen.pending': 'Loading…',
  'dashboard.heading': 'Dashboard',
  'result.heading': 'Result',
  'recover.heading': 'Forgot roll number or password',
};

const image = (name: string, alt: string, width = 320, height = 240): Image => ({
  src: `/images/${name}`,
  alt,
  width,
  height,
});

export const testSite: Site = {
  $schema: '',
  brand: {
    name: 'examflow',
    providerName: 'Test Academy',
    logo: image('logo.svg', 'Test Academy', 160, 40),
    websiteUrl: 'https://www.example.com',
  },
  support: { phone: '1800-111-0000', email: 'help@example.com', digitalPhone: '1800-111-0006' },
  footer: {
    address: '1 Test Road, New Delhi 110001',
    phone: '1800 111 2222',
    email: 'contact@example.com',
    social: [
      { network: 'facebook', href: 'https://www.facebook.com/example', label: 'Test Academy on Facebook' },
      { network: 'youtube', href: 'https://www.youtube.com/@example', label: 'Test Academy on YouTube' },
    ],
    appLink: { label: 'Download the Test Academy app', href: 'https://play.example.com/app' },
    copyrightYear: 2025,
  },
  legal: { privacyLink: 'https://www.example.com/privacy' },
  toast: { durationMs: 5000, warnDurationMs: 1500 },
  versionBanner: '1.0',
  flags: { blockDevtoolsShortcuts: false, mockTests: {} },
  commerce: { samplePackProgramme: 'sample-pack', courseReturnType: 'iacstecomm' },
  landing: {
    backToTopAfterPx: 700,
    mobileBreakpointPx: 768,
    carouselAutoplayMs: 3000,
    stepsAdvanceMobileMs: 3000,
    stepsAdvanceDesktopMs: 4000,
    stepsVisibleRatio: 0.5,
    swipeThresholdPx: 80,
    swipeAnimationMs: 300,
  },
  defaultLocale: 'en',
  screens: {
    login: { paths: ['/'], title: 'Login' },
    dashboard: { paths: ['/dashboard'], title: 'Dashboard' },
    result: { paths: ['/iacst-result'], title: 'Result' },
    recover: { paths: ['/recover-credentials'], title: 'Recover' },
    notFound: { paths: ['/404'], title: 'Not found' },
  },
  admissionsFaq: [{ id: 'a1', heading: 'How do I take admission?', points: ['Visit a branch.'] }],
};

export const testProgramme: Programme = {
  $schema: '',
  id: 'test-mock',
  examType: 'MOCK-NEET',
  name: 'Test Mock NEET',
  shortName: 'Mock NEET',
  mode: 'offline',
  fee: { amount: 200 },
  schedule: {
    kind: 'dates',
    dates: ['2025-04-13'],
    durationMinutes: 200,
    slots: [{ id: 'morning', label: 'Offline 10:00 AM', mode: 'Offline', start: '10:00', end: '13:20' }],
  },
  windows: { resultDelay: { min: 2, max: 3, unit: 'days' } },
  eligibility: { classes: ['11', '12', '12-passed'] },
  criteria: {
    testDetails: {
      heading: 'Test details',
      rows: [
        { mode: 'Mode', details: 'Offline, at an exam centre', icon: '/images/icon-location.svg' },
        { mode: 'Duration', details: '3 hours 20 minutes', icon: '/images/icon-clock.svg' },
      ],
    },
    eligibility: {
      heading: 'Eligibility',
      rows: [{ mode: 'Classes', details: 'Classes 11 and 12', icon: '/images/icon-class.svg' }],
    },
  },
  registration: {
    allowedRegistrationCount: 3,
    acceptsStudentId: false,
    dob: { min: '1995-01-01', max: '2015-12-31' },
    steps: [{ id: 'verify-mobile', fields: [{ name: 'mobile', required: true }] }],
  },
  payment: { methods: [{ value: 'online', label: 'Pay online' }], default: 'online' },
  support: { phone: '1800-222 3333', email: 'neet@example.com' },
  login: { image: image('login.png', ''), tagline: 'Practise like the real thing' },
  dashboard: {
    faq: [{ id: 'd1', heading: 'When are results out?', points: ['Two days after the test.'] }],
    videos: {},
    blocks: [{ type: 'faq' }],
  },
  termsLink: 'https://www.example.com/mock-neet/terms',
  analytics: { eventPrefix: 'mock_neet', paymentFailureEvent: true },
};

export function testLanding(blocks: Block[]): Landing {
  const [first = { type: 'footer' }, ...rest] = blocks;
  return {
    $schema: '',
    paths: ['/test-page'],
    variantKey: 'default',
    programme: testProgramme.id,
    locale: 'en',
    title: 'Test page | Test Academy',
    description: 'A landing page used by the block tests; long enough for the schema minimum.',
    blocks: [first, ...rest],
  };
}

/** A context whose landing holds `blocks` (heading levels depend on the page's blocks). */
export function testContext(blocks: Block[] = [], overrides: Partial<BlockContext> = {}): BlockContext {
  return {
    site: testSite,
    programme: testProgramme,
    landing: testLanding(blocks),
    path: '/test-page',
    t: createTranslator(englishStrings),
    strings: englishStrings,
    ...overrides,
  };
}

const step = (n: number, title: string) => ({
  title,
  text: `What happens in step ${n}.`,
  image: image(`step-${n}.png`, '', 200, 150),
});

const faqItems = [
  {
    id: 'faq-fee',
    heading: 'What is the exam fee?',
    points: ['The fee is 200 rupees.', 'It is paid online at registration.'],
  },
  { id: 'faq-centre', heading: 'Where is the exam held?', points: ['At an exam centre you choose.'] },
  { id: 'faq-admit', heading: 'When do I get my admit card?', points: ['Two days before the exam.'] },
] satisfies BlockOfType<'faq'>['items'];

type Examples = { [K in Block['type']]: Record<string, BlockOfType<K>> };

/** `satisfies` keeps the example names as known keys (examples.faq.default is never undefined). */
export const examples = {
  header: {
    default: { type: 'header' },
    'without call us': { type: 'header', showCallUs: false },
  },
  hero: {
    default: {
      type: 'hero',
      heading: 'Mock NEET 2025',
      subheading: 'Practise under real exam conditions',
      points: ['New NEET pattern', 'Offline at a centre near you'],
      image: image('hero.png', 'Students writing an exam', 640, 400),
      cta: { label: 'Register now', href: '#register_now' },
    },
    minimal: { type: 'hero', heading: 'iACST', image: image('hero-iacst.png', '', 640, 400) },
  },
  'green-strip': {
    default: { type: 'green-strip', icon: '/images/icon-trophy.svg', text: 'Scholarships of up to 90%' },
  },
  'registration-card': {
    default: { type: 'registration-card' },
    'with id and heading': { type: 'registration-card', id: 'apply', heading: 'Apply now' },
  },
  'how-to-register-link': {
    default: { type: 'how-to-register-link', target: 'how-it-works' },
    'with label': { type: 'how-to-register-link', target: 'steps', label: 'See the steps' },
  },
  criteria: {
    'test details': { type: 'criteria', source: 'testDetails', id: 'test-details' },
    eligibility: { type: 'criteria', source: 'eligibility' },
  },
  faq: {
    default: { type: 'faq', items: faqItems },
    'with sub-heading': {
      type: 'faq',
      id: 'questions',
      heading: 'Questions about the mock test',
      items: [
        {
          id: 'faq-why',
          heading: 'Why take a mock test?',
          subHeading: 'Three reasons:',
          points: ['Benchmark yourself.', 'Simulate the exam.', 'Get subject-wise analytics.'],
        },
        { id: 'faq-who', heading: 'Who can take it?', points: ['Classes 11, 12 and 12 passed.'] },
      ],
    },
  },
  accordion: {
    default: {
      type: 'accordion',
      id: 'why-series',
      heading: 'Why take a mock test series?',
      items: [
        { id: 'why-1', heading: 'Real exam practice', points: ['Two 3-hour papers per test.'] },
        { id: 'why-2', heading: 'Detailed results', subHeading: 'In 3 days', points: ['All India rank.'] },
      ],
    },
  },
  'how-it-works': {
    default: {
      type: 'how-it-works',
      id: 'how-it-works',
      heading: 'How to register',
      steps: [step(1, 'Verify your mobile'), step(2, 'Fill in your details'), step(3, 'Pick an exam slot')],
    },
  },
  'highlights-carousel': {
    default: {
      type: 'highlights-carousel',
      heading: 'Test highlights',
      items: [
        { title: 'All India rank', text: 'Know where you stand.', image: image('hl-1.png', '', 160, 120) },
        { title: 'Two papers', text: 'Paper 1 and paper 2, 3 hours each.' },
        { title: 'Fast results', text: 'Results in 3 days.' },
      ],
    },
  },
  'card-stack': {
    default: {
      type: 'card-stack',
      id: 'why-mock',
      heading: 'Why take a mock test?',
      cards: [
        { title: 'Performance benchmarking', text: 'Compare with peers.', image: image('why-1.png', '') },
        { title: 'Exam simulation', text: 'Feel the real exam.', image: image('why-2.png', '') },
        { title: 'Subject-wise analytics', text: 'See your strong subjects.', image: image('why-3.png', '') },
      ],
    },
  },
  'feature-cards': {
    default: {
      type: 'feature-cards',
      heading: 'Advanced JEE programme for IITs',
      cards: [
        { title: 'Expert faculty', text: 'Learn from the best.', icon: '/images/icon-faculty.svg' },
        { title: 'Small batches', text: 'Personal attention.', icon: '/images/icon-batch.svg' },
        { title: 'Test series', text: 'Weekly tests.', icon: '/images/icon-test.svg' },
      ],
      applyLink: { label: 'Apply for Selection Process', href: '#register_now' },
      notices: ['Admissions Closing Soon', 'Limited seats available!'],
      registerLink: { label: 'Register now', href: '#register_now' },
    },
    'without heading': {
      type: 'feature-cards',
      cards: [{ title: 'Offline test', text: 'At a date of your choice.', icon: '/images/icon-test.svg' }],
      applyLink: { label: 'Apply for Selection Process', href: '#register_now' },
      notices: [],
      registerLink: { label: 'Register now', href: '/iacstexam' },
    },
  },
  'test-highlights': {
    default: {
      type: 'test-highlights',
      heading: 'Test highlights',
      items: [
        { text: 'New NEET pattern', icon: '/images/icon-1.svg' },
        { text: 'All India rank', icon: '/images/icon-2.svg' },
        { text: 'Detailed analysis', icon: '/images/icon-3.svg' },
        { text: 'Offline at a centre', icon: '/images/icon-4.svg' },
        { text: 'Printed admit card', icon: '/images/icon-5.svg' },
        { text: 'Results in 2 days', icon: '/images/icon-6.svg' },
      ],
    },
  },
  validity: {
    default: { type: 'validity', text: 'Your scholarship is valid for 30 days from the exam date.' },
  },
  'legacy-banner': {
    default: {
      type: 'legacy-banner',
      heading: 'A legacy of results',
      text: 'Thirty years of preparing students for engineering.',
      stats: [{ value: '1,10,000+', label: 'students placed in engineering institutions' }],
    },
    'without stats': { type: 'legacy-banner', heading: 'Our legacy', text: 'Trusted by families.' },
  },
  stats: {
    default: {
      type: 'stats',
      heading: 'Scholarships',
      items: [{ value: '155,300+', label: 'scholarships awarded last year' }],
    },
    'without heading': { type: 'stats', items: [{ value: '90%', label: 'maximum scholarship' }] },
  },
  'rich-text': {
    default: {
      type: 'rich-text',
      id: 'terms',
      heading: 'Terms and conditions',
      sections: [
        { heading: 'Attendance', paragraphs: ['Attendance must be at least 85%.'] },
        {
          heading: 'Marks',
          points: ['At least 65% (medical, classes 8-10).', 'At least 60% (engineering).'],
        },
        { paragraphs: ['The scholarship is revoked after more than 2 weeks of absence.'] },
      ],
    },
  },
  'legal-links': {
    default: { type: 'legal-links' },
    'with links': {
      type: 'legal-links',
      links: [{ label: 'Scholarship terms', href: '/iacst-scholarship/terms-conditions' }],
    },
  },
  'back-to-top': {
    default: { type: 'back-to-top' },
  },
  footer: {
    default: { type: 'footer' },
  },
} satisfies Examples;

/** Every example as [type, name, block], for tests that run over all of them. */
export function allExamples(): Array<[Block['type'], string, Block]> {
  const all: Examples = examples;
  return Object.entries(all).flatMap(([type, named]) =>
    Object.entries(named).map(([name, block]): [Block['type'], string, Block] => [
      block.type,
      `${type}: ${name}`,
      block,
    ]),
  );
}
