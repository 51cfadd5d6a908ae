// The portal server: the API, the sandbox providers and the built site on one port.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ConfigBundle } from '../src/engine/config-bundle';
import { configDir } from '../src/engine/node/paths';
import { directoryReader } from '../src/engine/node/validate-config';
import { registerErrorHandling } from './api/errors';
import { registerWrittenValues } from './api/written-values';
import { registerLoadShedding, registerOverloadGuards } from './api/overload';
import { registerSameSiteApi } from './api/same-site';
import { registerStudioRequestRules } from './auth/staff-origin';
import { clientErrorHandler, frameworkErrors, registerNotFound } from './api/not-found';
import { registerDocsRoutes, registerOpenApi } from './api/openapi';
import { registerApiRoutes } from './api/routes';
import { registerApiSchemas } from './api/schemas';
import { buildSerializerFactory } from './api/serializers';
import { PaidEffects } from './payments/paid-effects';
import { registerPaymentRoutes } from './payments/routes';
import { configFromEnv, type ServerConfig } from './config';
import type { AppContext } from './context';
import { createDb, sqliteFileIn, type Db } from './db/database';
import { migrateToLatest } from './db/migrations/index';
import { noEmail, sandboxEmail } from './sandbox/email';
import { sandboxSms } from './sandbox/sms';
import { noSms, withTimeout } from './services/sms';
import { registerSandboxRoutes } from './sandbox/routes';
import { registerStudioApp, registerStudioHost } from './routes/studio/app';
import { registerSecurityHeaders } from './security-headers';
import { rollupFunnel } from './services/funnel/rollup';
import { LiveContent } from './services/content/live';
import type { RenderPreview } from './services/content/preview';
import { documentsOf, filesEditedSinceSeen, seedContentIfEmpty } from './services/content/versions';
import { hasDemoStudents, seedIfEmpty } from './seed/index';
import { registerSite, registerUploadedImages, type RenderPages } from './site';

export interface AppOptions {
  /** The built site (npm run build); without it only the API and sandbox are served. */
  distDir?: string;
  config?: ServerConfig;
  /** An open database (tests); otherwise one is opened from the config. */
  db?: Db;
  /** A fixed config (tests of other configs); otherwise the published versions, live (decision 049). */
  site?: ConfigBundle;
  /** Renders the public pages from a published config (npm start passes the build's renderer);
   *  without it the built pages are served as they are. */
  renderPages?: RenderPages;
  /** Draws the Studio's previews and preview links (scripts/lib/studio-preview.ts: React stays out
   *  of the server); without it a preview says it is not available here. */
  renderPreview?: RenderPreview;
  now?: () => Date;
  /** Seed the demo students (default: while the sandbox is on). A test of the sandbox-off paths
   * that needs a logged-in student passes true. */
  demoStudents?: boolean;
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? configFromEnv();
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: config.bodyLimit,
    trustProxy: false,
    // A client that declares a body (or headers) and stalls is cut off (decision 038).
    requestTimeout: config.limits.requestTimeoutMs,
    // The framework's own refusals in the API's shape too.
    frameworkErrors,
    clientErrorHandler,
    http: {
      headersTimeout: Math.min(config.limits.headersTimeoutMs, config.limits.requestTimeoutMs),
      connectionsCheckingInterval: config.limits.connectionsCheckMs,
    },
    schemaController: { compilersFactory: { buildSerializer: buildSerializerFactory } },
    ajv: {
      // Reject what the schema does not allow instead of silently dropping or converting it
      // (query values are declared as strings).
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: true,
        allErrors: false,
        verbose: true,
        keywords: ['tsType'],
      },
    },
  });
  const db =
    options.db ?? createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
  await migrateToLatest(db);
  const demo = options.demoStudents ?? config.sandbox;
  // The demo students' dates of birth are published (README): with the sandbox off they would be
  // open accounts, so a production server refuses a database that holds them.
  if (!demo && (await hasDemoStudents(db))) {
    if (!options.db) await db.destroy();
    throw new Error(
      'This database holds the sandbox demo students, whose passwords are public. With the sandbox off ' +
        '(NODE_ENV=production) use another database (DATA_DIR or DATABASE_URL), or run `npm run db:reset` ' +
        'with the same environment.',
    );
  }
  await seedIfEmpty(db, { now: now(), demo });
  const { value: orderReturnKey } = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'order-return')
    .executeTakeFirstOrThrow();
  const content = options.site ? undefined : await liveContent(app, db, config, now);
  const site = options.site ?? content?.bundle;
  if (!site) throw new Error('No published config to serve.');
  const ctx: AppContext = {
    db,
    config,
    site,
    content,
    renderPreview: options.renderPreview,
    sms: withTimeout(config.sandbox ? sandboxSms(db, app.log, now) : noSms, config.sms.timeoutMs, app.log),
    email: config.sandbox ? sandboxEmail(app.log, now) : noEmail,
    now,
    paidEffects: new PaidEffects(),
    orderReturnKey,
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('student', null);
  app.decorateRequest('answersVersion', null);
  app.decorateRequest('staff', null);
  if (!options.db) app.addHook('onClose', async () => db.destroy());
  scheduleFunnelRollup(app, ctx);

  registerSecurityHeaders(app);
  registerErrorHandling(app);
  registerOverloadGuards(app, config.limits);
  registerSameSiteApi(app);
  registerStudioHost(app);
  registerStudioRequestRules(app);
  const unknownCall = registerNotFound(app);
  await app.register(cookie);
  await app.register(formbody);
  registerApiSchemas(app);
  registerWrittenValues(app);
  await registerOpenApi(app);
  registerPaymentRoutes(app);
  registerApiRoutes(app, unknownCall);
  await registerDocsRoutes(app, { sandbox: config.sandbox });
  if (config.sandbox) registerSandboxRoutes(app);
  app.all('/sandbox/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(404)
      .send({ success: 'false', msg: config.sandbox ? 'No such sandbox page.' : 'The sandbox is off.' }),
  );
  if (options.distDir) {
    await registerSite(app, options.distDir, options.renderPages);
    registerStudioApp(app, options.distDir);
  } else registerUploadedImages(app);
  await registerLoadShedding(app, config.limits);
  return app;
}

/**
 * The published config, seeded from config/ on an empty database and watched for publishes. Files
 * of config/ edited since they came in are said at start: the files are the developers' path in
 * (`npm run config:import`; the dev server publishes them itself), never silently served.
 */
async function liveContent(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  now: () => Date,
): Promise<LiveContent> {
  const files = directoryReader(configDir());
  await seedContentIfEmpty(db, files, now());
  const content = new LiveContent(db, now, { pollMs: config.contentPollMs, log: app.log });
  await content.refresh();
  const edited = await filesEditedSinceSeen(db, documentsOf(files));
  if (edited.size > 0)
    app.log.warn(
      `config/ has ${edited.size} file(s) edited since they came in (${[...edited.keys()].join(', ')}): this server serves the published versions; bring the files in with \`npm run config:import\` (as drafts to review).`,
    );
  content.add(async (bundle) => () => {
    app.ctx.site = bundle;
  });
  content.start();
  app.addHook('onClose', async () => content.stop());
  return content;
}

/** How often the funnel's old events are rolled up into daily counts (and once at start). */
const FUNNEL_ROLLUP_EVERY_MS = 6 * 60 * 60_000;

function scheduleFunnelRollup(app: FastifyInstance, ctx: AppContext): void {
  const run = () =>
    rollupFunnel(ctx.db, { now: ctx.now(), afterDays: ctx.config.funnel.rollupAfterDays }).catch(
      (error: unknown) => app.log.error({ err: error }, 'funnel roll-up failed'),
    );
  app.addHook('onReady', async () => void (await run()));
  const timer = setInterval(() => void run(), FUNNEL_ROLLUP_EVERY_MS);
  timer.unref();
  // No roll-up starts once the app (and its database) is closing.
  app.addHook('onClose', async () => clearInterval(timer));
}
