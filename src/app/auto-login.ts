// The auto-login link of part 1 §4 and part 2 §2: a page URL with roll_no and dob (DD-MM-YYYY),
// which the login screen turns into a login without input.
import { dobForLink } from '../domain/dates';
import type { UtmParams } from './session-store';

export function autoLoginUrl(target: string | URL, rollNumber: string, dob: string): string {
  const url = new URL(target, window.location.href);
  url.searchParams.set('roll_no', rollNumber);
  url.searchParams.set('dob', dobForLink(dob));
  return url.toString();
}

/** A link with the UTM parameters added (the registration's "Go to dashboard", part 2 §2). */
export function withCampaign(link: string, utm: UtmParams): string {
  const url = new URL(link, window.location.href);
  for (const [name, value] of Object.entries(utm)) if (value) url.searchParams.set(name, value);
  return url.toString();
}
