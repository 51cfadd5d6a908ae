// npm run build — validate config, bundle the client with Vite, prerender every page for every
// host profile, precompress. An invalid config never builds.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build as viteBuild, type Manifest } from 'vite';
import { configHash } from '../src/engine/node/config-hash';
import { configDir, projectRoot } from '../src/engine/node/paths';
import { ConfigError, directoryReader, loadConfig } from '../src/engine/node/validate-config';
import { documentsOf } from '../server/services/content/versions';
import { buildInputsHash } from './lib/build-inputs';
import { renderPages } from './lib/site-pages';
import { clientConfig } from './lib/vite-client-config';
import { studioConfig } from './lib/vite-studio-config';

export function distDir(): string {
  return path.resolve(process.env.EXAMFLOW_DIST ?? path.join(projectRoot, 'dist'));
}

const compressible = /\.(html|js|css|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = await readFile(file);
    if (body.length < 512) continue;
    await writeFile(`${file}.br`, await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
    count++;
  }
  return count;
}

/** The hash of the config folder's documents, as the server hashes the published ones. */
function filesHash(dir: string): string {
  return configHash(documentsOf(directoryReader(dir)));
}

export async function build(options: { quiet?: boolean } = {}): Promise<void> {
  const started = performance.now();
  const dir = configDir();
  const bundle = loadConfig(dir);
  const out = distDir();
  await rm(out, { recursive: true, force: true });

  // Vite sets NODE_ENV=production for the process; a server started after the build (npm start)
  // must still see the environment it was given (the sandbox is on unless NODE_ENV=production).
  const nodeEnv = process.env.NODE_ENV;
  try {
    // The public site, then examflow Studio on its own (dist/studio, its own manifest): no public
    // page can request a Studio chunk (DESIGN.md decision 8).
    for (const config of [clientConfig(path.join(out, 'client')), studioConfig(path.join(out, 'studio'))])
      await viteBuild({
        ...config,
        root: projectRoot,
        configFile: false,
        logLevel: options.quiet ? 'warn' : 'info',
      });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const manifest = JSON.parse(
    await readFile(path.join(out, 'client/.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const site = renderPages(bundle, manifest);
  for (const [file, html] of site.pages) {
    const target = path.join(out, 'pages', file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, html);
  }
  await writeFile(path.join(out, 'site-index.json'), JSON.stringify(site.index, null, 2));
  const compressed =
    (await precompress(path.join(out, 'client'))) +
    (await precompress(path.join(out, 'pages'))) +
    (await precompress(path.join(out, 'studio')));
  await writeFile(
    path.join(out, 'build-info.json'),
    // configHash: the server serves these pages while the published config is these files.
    JSON.stringify({ inputs: buildInputsHash(dir), configDir: dir, configHash: filesHash(dir) }),
  );
  console.log(
    `Built ${site.pages.size} pages for ${site.index.routes.length} routes × ${bundle.hosts.profiles.length} host profiles, ` +
      `${compressed} files precompressed, in ${Math.round(performance.now() - started)} ms → ${path.relative(process.cwd(), out) || out}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
