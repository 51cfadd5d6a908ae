// Which variant keys a landing may have. Pure: the config cross-check and the Studio's "New variant
// from…" both ask it, so they refuse the same keys.
import type { ConfigBundle } from './config-bundle';

/**
 * Keys any programme may use: `default` (its main page; the registration API is sent the exam type
 * instead, src/engine/registration-card.ts) and `terms` (a page without a registration card, which
 * the API never looks up).
 */
export const sharedVariantKeys: readonly string[] = ['default', 'terms'];

export const variantKeyPattern = /^[a-z][a-z0-9_]*$/;

/**
 * Why a landing of `programme` cannot have this variant key, or undefined. Any other key must be
 * unique across all programmes, and must not read as an exam type: the registration API is sent
 * the key as `registrationPage` and finds the page's programme by it (an exam type first, then the
 * first landing with that key, server/services/master/programme-lookup.ts); funnel events carry it
 * as the variant served. `others` are the landings to compare with (without this one).
 */
export function variantKeyProblem(
  key: string,
  programme: string,
  others: Pick<ConfigBundle, 'landings' | 'programmes'>,
): string | undefined {
  if (!variantKeyPattern.test(key))
    return `variant key "${key}" is not valid: it starts with a lower-case letter, then lower-case letters, digits or _`;
  const same = others.landings.find((l) => l.landing.programme === programme && l.landing.variantKey === key);
  if (same) return `variant "${key}" of ${programme} is already used by config/${same.file}`;
  if (sharedVariantKeys.includes(key)) return undefined;
  const elsewhere = others.landings.find((l) => l.landing.variantKey === key);
  if (elsewhere)
    return `variant key "${key}" is already used by config/${elsewhere.file} (programme ${elsewhere.landing.programme}); the registration API finds a page's programme by its key`;
  const examType = Object.values(others.programmes).find((p) => p.examType.toLowerCase() === key);
  if (examType) return `variant key "${key}" is the exam type of programme ${examType.id}`;
  return undefined;
}
