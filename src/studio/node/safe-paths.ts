// Which files the Studio may touch, and where they are on disk. The file API reads and writes only
// the config's own files (site, hosts, programmes, landings, UI strings) and the images folder;
// every other path — `..`, absolute, backslashes, another folder, a symlink out — is refused.
import { realpathSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

const CONFIG_FILE = /^(?:(?:programmes|landings|i18n)\/[a-z0-9][a-z0-9-]*|site|hosts)\.json$/;
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]*\.(?:png|jpe?g|webp|svg)$/;
const MAX_NAME = 120;

/** A config path as the Studio names it (`landings/x.json`), or undefined when it is not one. */
export function configPath(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > MAX_NAME) return undefined;
  // The pattern admits no `.`-segment, slash at the start, backslash or NUL; normalising must not
  // change it either (it cannot, but a future loosening of the pattern should fail safe).
  if (!CONFIG_FILE.test(input) || path.posix.normalize(input) !== input) return undefined;
  return input;
}

/** An image file name the Studio may create (`hero-banner.png`), or undefined. */
export function imageName(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > MAX_NAME || !IMAGE_NAME.test(input)) return undefined;
  return input;
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The file's full path when it, and the folder it is in, resolve inside `root` (no symlink leads
 * out); undefined otherwise. A file that does not exist yet is fine when its folder is inside.
 */
export async function resolveInside(root: string, relative: string): Promise<string | undefined> {
  const realRoot = realpathSync(root);
  const full = path.join(realRoot, relative);
  if (!inside(realRoot, full)) return undefined;
  let folder: string;
  try {
    folder = await realpath(path.dirname(full));
  } catch {
    return undefined; // the folder does not exist: nothing the Studio creates
  }
  if (!inside(realRoot, folder)) return undefined;
  try {
    const stat = await lstat(full);
    if (stat.isSymbolicLink() && !inside(realRoot, await realpath(full))) return undefined;
    if (!stat.isSymbolicLink() && !stat.isFile()) return undefined;
  } catch {
    // Not there yet.
  }
  return path.join(folder, path.basename(full));
}
