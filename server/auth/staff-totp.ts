// The staff's second factor: TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as every
// authenticator app reads it, through the otpauth library (decision 048). A code is accepted one
// step either side of the server's clock (a phone a little off), and each step's code once.
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const ISSUER = 'examflow Studio';

const totpOf = (secret: string, email = '') =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new secret (160 bits, base32) and the otpauth:// URI an app scans it from. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The otpauth:// URI of a secret. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The 30-second step a time falls in (what replay protection remembers). */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / PERIOD_S);

/** The step whose code this is (within one step of `at`), or null when it is no current code. */
export function totpCodeStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totpStep(at) + delta;
}

/** The code of a secret at a time (tests, and nothing else, make codes). */
export const totpCode = (secret: string, at: Date): string =>
  totpOf(secret).generate({ timestamp: at.getTime() });
