// npm start — builds when the sources or config changed since the last build, then serves the
// portal on one port (PORT, default 3000).
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { ConfigError } from '../src/engine/node/validate-config';
import { ensureBuild, sandboxClock } from './lib/serve';
import { pageRenderer } from './lib/site-pages';
import { previewRenderer } from './lib/studio-preview';
import { exitGracefullyOnSignals } from './lib/shutdown';

async function main(): Promise<void> {
  // Read before building: the sandbox follows NODE_ENV as the user set it.
  const config = configFromEnv();
  const dist = await ensureBuild();
  const port = Number(process.env.PORT ?? 3000);
  const app = await buildApp({
    distDir: dist,
    // A publish in the Studio is rendered and served by this server at once (decision 049).
    renderPages: pageRenderer(dist),
    // The Studio's previews and preview links, with the build's assets.
    renderPreview: previewRenderer(dist),
    config,
    // SANDBOX_CLOCK: demo a past season; use its own DATA_DIR (demo students follow the clock).
    now: sandboxClock(process.env.SANDBOX_CLOCK, config.sandbox),
  });
  await app.listen({ port, host: process.env.HOST ?? 'localhost' });
  const base = `http://localhost:${port}`;
  console.log(`examflow is running at ${base}/`);
  console.log(`  programmes by host: http://{mock-neet,mock-jee,iat,digital}.localhost:${port}/`);
  console.log(`  API reference:      ${base}/api/docs  (${base}/api/openapi.json)`);
  console.log(
    `  examflow Studio:    ${config.studio.host ? `http://${config.studio.host}:${port}` : base}/studio/  (first account: npm run studio:user -- create --email … --name … --role admin)`,
  );
  if (config.sandbox) {
    console.log(`  sandbox SMS (OTPs): ${base}/sandbox/messages`);
    console.log(
      '  sandbox payment gateway, test player and caller identity open from the flows that use them',
    );
  }
  console.log('  demo students:      README.md "Demo students" (server/seed/demo-students.json)');
  console.log(
    `  database:           ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/examflow.sqlite`}`,
  );
  // SIGTERM/SIGINT: finish the requests in flight, close the database, exit (SHUTDOWN_TIMEOUT_MS).
  exitGracefullyOnSignals([app]);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
