// npm start — builds when the sources or config changed since the last build, then serves the
// portal on one port (PORT, default 3000).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app';
import { configDir } from '../src/engine/node/paths';
import { ConfigError } from '../src/engine/node/validate-config';
import { build, distDir } from './build';
import { buildInputsHash } from './lib/build-inputs';

function isBuildCurrent(dist: string): boolean {
  const info = path.join(dist, 'build-info.json');
  if (!existsSync(info)) return false;
  const { inputs } = JSON.parse(readFileSync(info, 'utf8')) as { inputs?: string };
  return inputs === buildInputsHash(configDir());
}

async function main(): Promise<void> {
  const dist = distDir();
  if (!isBuildCurrent(dist)) {
    console.log('Building the portal (sources or config changed)…');
    await build({ quiet: true });
  }
  const port = Number(process.env.PORT ?? 3000);
  const app = await buildApp({ distDir: dist });
  await app.listen({ port, host: process.env.HOST ?? 'localhost' });
  console.log(`examflow is running at http://localhost:${port}/`);
  console.log(
    `  host-based programmes: http://mock-neet.localhost:${port}/, http://mock-jee.localhost:${port}/, http://iat.localhost:${port}/, http://digital.localhost:${port}/`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
