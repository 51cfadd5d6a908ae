// Staff passwords (decision 048): scrypt, memory-hard, with a salt of each hash's own and its
// parameters stored beside it ("scrypt$N$r$p$salt$hash"), so they can be raised later: a hash made
// with weaker ones is made again at the next sign-in that proves the password.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1: 32 MiB and about 50–100 ms a hash on one core of these machines. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** The password rule a person's own choice must meet (the generated ones are far longer in bits). */
export const PASSWORD_MIN_LENGTH = 12;

interface Params {
  N: number;
  r: number;
  p: number;
}

const derive = (password: string, salt: Buffer, { N, r, p }: Params): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // Node refuses above 32 MiB unless told: scrypt needs 128·N·r bytes, and a little more.
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r * p };
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export async function hashPassword(password: string, params: Params = SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

function parse(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const [kind, N, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return null;
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Whether the password is the one hashed, in time that does not depend on where they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** A hash made with weaker parameters than today's (to be made again once the password is known). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < SCRYPT.N || parsed.params.r < SCRYPT.r || parsed.params.p < SCRYPT.p;
}

let dummy: Promise<string> | undefined;
/**
 * The same work as a real check, for an e-mail no account has (or a disabled one): the answer's
 * time tells nobody whether the account exists.
 */
export async function verifyNoPassword(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}

/** A new random password: 120 bits, 20 URL-safe characters (the command line prints it once). */
export const newPassword = (): string => randomBytes(15).toString('base64url');
