// Which programme a call is about: an exam type (iACST, MOCK-NEET …) or a registration-page
// variant key (iacst_adst, iacst_repeater_neet …) when given, otherwise the host's programme
// (server/routes/master/programme-lookup.ts reads the host from the request).
import { resolveProfile } from '../../../src/engine/hosts';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';
import type { Eligibility } from './centres';

export interface ProgrammeChoice {
  programme: Programme;
  /** The registration page's path, where the payment gateway returns the browser. */
  registrationPath: string;
  /** What the client sent as registration_page, or the exam type. */
  page: string;
  /** Who may register on that page: the landing's narrower eligibility, else the programme's. */
  eligibility: Eligibility;
  /** The programme config's version (server/services/content/pins.ts sets it; absent: from files). */
  configVersion?: number | null;
}

/** Programmes a student can register for: those whose registration starts by verifying a mobile. */
export function registrable(programme: Programme): boolean {
  return programme.registration.steps.some((s) => s.id === 'verify-mobile');
}

/** The landing's own eligibility (a repeater page's classes), else the programme's. */
function eligibilityOf(ctx: AppContext, programme: Programme, variantKey?: string): Eligibility {
  const landing = variantKey
    ? ctx.site.landings.find(
        (l) => l.landing.programme === programme.id && l.landing.variantKey === variantKey,
      )
    : undefined;
  return landing?.landing.eligibility ?? programme.eligibility;
}

function registrationPath(ctx: AppContext, programmeId: string, variantKey?: string): string {
  const landings = ctx.site.landings.filter((l) => l.landing.programme === programmeId);
  const exact = variantKey ? landings.find((l) => l.landing.variantKey === variantKey) : undefined;
  const main = exact ?? landings.find((l) => l.landing.variantKey === 'default') ?? landings[0];
  return main?.landing.paths[0] ?? '/';
}

/** The programme of `key` (an exam type or a registration-page variant key), else of `host`. */
export function programmeForHost(ctx: AppContext, host: string | undefined, key?: string): ProgrammeChoice {
  const programmes = Object.values(ctx.site.programmes).filter(registrable);
  if (key) {
    const byType = programmes.find((p) => p.examType.toLowerCase() === key.toLowerCase());
    if (byType)
      return {
        programme: byType,
        registrationPath: registrationPath(ctx, byType.id),
        page: key,
        eligibility: byType.eligibility,
      };
    const landing = ctx.site.landings.find(
      (l) => l.landing.variantKey === key && l.landing.variantKey !== 'terms',
    );
    const viaLanding = landing && programmes.find((p) => p.id === landing.landing.programme);
    if (viaLanding)
      return {
        programme: viaLanding,
        registrationPath: registrationPath(ctx, viaLanding.id, key),
        page: key,
        eligibility: eligibilityOf(ctx, viaLanding, key),
      };
    throw new ApiError(400, message('examType.unknown'));
  }
  const profile = resolveProfile(ctx.site.hosts, host);
  const programme = programmes.find((p) => p.id === profile.programme);
  if (!programme) throw new ApiError(400, message('examType.unknown'));
  const variant = profile.variantOverride?.variantKey;
  return {
    programme,
    registrationPath: registrationPath(ctx, programme.id, variant),
    page: variant ?? programme.examType,
    eligibility: eligibilityOf(ctx, programme, variant),
  };
}

/** Step fields the programme requires (e.g. state, centre, examDate). */
export function requiredFields(programme: Programme): Set<string> {
  return new Set(
    programme.registration.steps.flatMap((s) => s.fields.filter((f) => f.required).map((f) => f.name)),
  );
}

/** Step fields the programme asks for at all. */
export function askedFields(programme: Programme): Set<string> {
  return new Set(programme.registration.steps.flatMap((s) => s.fields.map((f) => f.name)));
}
