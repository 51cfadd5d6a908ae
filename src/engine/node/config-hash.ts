// One hash of a set of config documents (path → text): what the build's pages were rendered from,
// compared by the server with the versions it serves (decision 049).
import { createHash } from 'node:crypto';

export function configHash(files: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(`${name}\u0000${files.get(name) ?? ''}\u0000`);
  return hash.digest('hex');
}
