import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** A session token: 256 random bits, URL-safe. Only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newId = (): string => randomUUID();
/**
 * n random decimal digits (crypto), e.g. OTPs and roll numbers: from one draw of random bytes, each
 * byte below 250 giving a digit (250 = 25 × 10, so every digit is equally likely).
 */
export function randomDigits(n: number): string {
  let digits = '';
  while (digits.length < n)
    for (const byte of randomBytes(n + 4)) if (byte < 250 && digits.length < n) digits += String(byte % 10);
  return digits;
}

let sequence = 0;
/** An id that sorts by creation time, even for rows created in the same millisecond. */
export const sortableId = (now: Date): string =>
  `${now.toISOString()}-${String(sequence++ % 1e9).padStart(9, '0')}-${randomBytes(3).toString('hex')}`;

/** Whether a given secret equals the expected one, in time that does not depend on where they differ. */
export const sameSecret = (expected: string, given: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(expected).digest(),
    createHash('sha256').update(given).digest(),
  );
