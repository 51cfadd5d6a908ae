// What a prerendered landing page hands its registration card island (a JSON data block): the
// slice of the programme config the registration machine reads, the UI strings the card uses
// and the site's settings. Built here, where both the landing block and the card can read it.
import type { UiStringTable } from '../generated/config/i18n';
import type { Block, Landing } from '../generated/config/landing';
import type { Programme } from '../generated/config/programme';
import type { Site } from '../generated/config/site';

export interface RegistrationCardData {
  programme: Pick<Programme, 'id' | 'examType' | 'mode' | 'fee' | 'registration' | 'payment' | 'analytics'>;
  /** The exam type, or the landing's variant key (iacst_adst …), as the API is told. */
  registrationPage: string;
  /** The card's heading element id (its section is labelled by it). */
  headingId: string;
  /** Step-1 heading from the landing config, else the UI string. */
  heading?: string;
  locale: string;
  /** The UI strings the card uses. */
  strings: Partial<UiStringTable>;
  supportEmail: string;
  loginPath: string;
  toast: { durationMs: number; warnDurationMs: number };
  /** Opens the caller-identity app for a request ({requestId}); absent: no caller identity. */
  callerIdentityLink?: string;
  /** This page fixes the course type (online-only: preset state and centre, no switch). */
  fixedCourseType?: 'online';
  /** State and centre lists keep only those with an open exam date (isCheckedState / isCheckedCentre). */
  checkedLists: boolean;
}

// The card's own, and the shared UI texts it shows (why a button waits, locked fields, the loader).
const CARD_STRINGS =
  /^(registration|form|picker|validation)\.|^ui\.(disabled|locked|courseType|loader|verifyHint|close)\b/;

export function registrationCardData(input: {
  site: Site;
  programme: Programme;
  landing: Landing;
  /** The card block of the page, and the path the page is rendered for. */
  block: Extract<Block, { type: 'registration-card' }>;
  path: string;
  strings: UiStringTable;
  headingId: string;
}): RegistrationCardData {
  const { site, programme, landing, strings, block } = input;
  const { id, examType, mode, fee, registration, payment, analytics } = programme;
  return {
    programme: { id, examType, mode, fee, registration, payment, analytics },
    // A variant's key tells the API which landing (and programme) this is; the main page, its exam type.
    registrationPage: landing.variantKey === 'default' ? examType : landing.variantKey,
    headingId: input.headingId,
    heading: block.heading,
    locale: landing.locale,
    strings: Object.fromEntries(
      Object.entries(strings).filter(
        ([key]) => CARD_STRINGS.test(key) && !key.startsWith('validation.checkout'),
      ),
    ),
    supportEmail: site.support.email,
    loginPath: site.screens.login.paths[0] ?? '/',
    toast: { durationMs: site.toast.durationMs, warnDurationMs: site.toast.warnDurationMs },
    callerIdentityLink: site.callerIdentity?.appLink,
    ...(block.courseType ? { fixedCourseType: block.courseType } : {}),
    checkedLists: (block.checkedListsOn ?? []).includes(input.path),
  };
}
