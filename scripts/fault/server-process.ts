// One real server process (scripts/fault/server.ts) for the fault scripts and the tests that need
// separate processes: resolves once it listens, with its address.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/engine/node/paths';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
}

/** `env` is added to this process's environment, less DATABASE_URL and VITEST (the caller says). */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  stderr: 'inherit' | 'pipe' = 'inherit',
): Promise<ServerProcess> {
  const { DATABASE_URL: _d, VITEST: _v, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fault/server.ts'], {
    cwd: projectRoot,
    env: { ...inherited, QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` };
}
