// Free space on the data folder's disk (SQLite's file lives there), looked at most every few
// seconds: the funnel refuses events below its floor, long before a registration could not write.
// On PostgreSQL the database's disk is another machine's and is not looked at here.
import { statfs } from 'node:fs/promises';

const LOOK_EVERY_MS = 10_000;

export interface DiskGuard {
  /** Whether the disk has at least the floor free (true when it cannot be read). */
  hasRoom(): Promise<boolean>;
}

export function diskGuard(dir: string, floorBytes: number, now: () => number = Date.now): DiskGuard {
  let lookedAt = -Infinity;
  let room = true;
  return {
    async hasRoom() {
      if (now() - lookedAt >= LOOK_EVERY_MS) {
        lookedAt = now();
        try {
          const disk = await statfs(dir);
          room = disk.bavail * disk.bsize >= floorBytes;
        } catch {
          room = true;
        }
      }
      return room;
    },
  };
}
