// The auto-login link of part 1 §4 and part 2 §2: a page URL with roll_no and dob (DD-MM-YYYY),
// which the login screen turns into a login without input.
import { dobForLink } from '../domain/dates';

export function autoLoginUrl(target: string | URL, rollNumber: string, dob: string): string {
  const url = new URL(target, window.location.href);
  url.searchParams.set('roll_no', rollNumber);
  url.searchParams.set('dob', dobForLink(dob));
  return url.toString();
}
