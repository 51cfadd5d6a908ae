// Server settings from the environment, with the embedded defaults `npm start` runs on.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { projectRoot } from '../src/engine/node/paths';
import { STAFF_ROLES, type StaffRole } from './db/tables/staff';

export interface ServerConfig {
  /** PostgreSQL when set; otherwise SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Sandbox SMS, payment gateway, test player, caller identity and geo: on unless NODE_ENV=production (SANDBOX=on|off overrides). */
  sandbox: boolean;
  session: { idleMinutes: number; absoluteHours: number };
  /** examflow Studio's staff sessions (decision 048): much shorter than a student's. */
  studio: StudioSettings;
  /** Body size limit for every request, bytes. */
  bodyLimit: number;
  logger: boolean;
  /** Shared secret of the payment gateway's signed callbacks (random per process when unset). */
  paymentCallbackSecret: string;
  /**
   * The test platform's JEE mock exam-link call (part 2 §7) and the tenant headers the server sends
   * it. The token is a server-side secret (random per process when unset, which only the sandbox
   * stand-in can answer); without examLinkUrl the sandbox test player answers when the sandbox is on.
   */
  mockJeeTenant: { id: string; token: string; examLinkUrl?: string };
  /** The funnel (decision 029). */
  funnel: FunnelSettings;
  sms: SmsSettings;
  /** What a busy or attacked server answers instead of making people wait (server/api/overload.ts). */
  limits: {
    /** A request's headers and body must arrive within this (REQUEST_TIMEOUT_MS), headers alone
     * within HEADERS_TIMEOUT_MS; Node looks every CONNECTIONS_CHECK_MS. */
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    connectionsCheckMs: number;
    /** Requests in flight at once before the next is answered 503 (MAX_IN_FLIGHT). */
    maxInFlight: number;
    /** Open connections from one address before its next request is answered 503
     * (MAX_CONNECTIONS_PER_ADDRESS; 0: no cap, as behind a proxy that is the only address). */
    maxConnectionsPerAddress: number;
    /** Event-loop lag at which requests are shed (MAX_EVENT_LOOP_DELAY_MS; 0: never). */
    maxEventLoopDelayMs: number;
  };
  /** How long a registration's sf_id link (payment return, lead link) answers (SF_ID_LINK_HOURS). */
  sfIdLinkHours: number;
  /** How often each process looks for a publish or a due schedule (CONTENT_POLL_MS; decision 049). */
  contentPollMs: number;
  /** How long after a newer publish a signup keeps the fee and dates of the page the student saw
   *  (CONFIG_GRACE_HOURS; decision 049). */
  configGraceHours: number;
}

export interface StudioSettings {
  /** A staff session ends after this long without a request (STUDIO_SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /** …and this long after its sign-in however active (STUDIO_SESSION_ABSOLUTE_HOURS). */
  sessionAbsoluteHours: number;
  /** The largest JSON body the Studio's content routes take, bytes (STUDIO_MAX_BYTES, 1 MB). */
  maxJsonBytes: number;
  /** The largest image upload, bytes (STUDIO_MAX_IMAGE_BYTES, 2 MB). */
  maxImageBytes: number;
  /** How long a preview link opens its page (STUDIO_PREVIEW_LINK_HOURS, 72). */
  previewLinkHours: number;
  /**
   * The one host name that answers /studio, its assets and /studio/api/* (STUDIO_HOST, e.g.
   * studio.example.com; 404 on every other); unset: any host the server answers.
   */
  host?: string;
  /** Signing in through the organisation's OpenID Connect provider (decision 051); unset: passwords only. */
  oidc?: OidcSettings;
}

/** The organisation's OpenID Connect provider (decision 051), from the STUDIO_OIDC_* variables. */
export interface OidcSettings {
  /** STUDIO_OIDC_ISSUER: its /.well-known/openid-configuration is read at the first sign-in. */
  issuer: string;
  /** STUDIO_OIDC_CLIENT_ID, STUDIO_OIDC_CLIENT_SECRET (unset: a public client, PKCE alone). */
  clientId: string;
  clientSecret?: string;
  /** STUDIO_OIDC_REDIRECT_URL; unset: the Studio's origin + /studio/api/account/oidc/callback. */
  redirectUrl?: string;
  /** STUDIO_OIDC_NAME: the button says "Sign in with <name>". */
  name: string;
  /**
   * STUDIO_OIDC_EMAIL_DOMAINS (comma-separated) and STUDIO_OIDC_NEW_ROLE: a verified e-mail of one of
   * these domains without an account gets one with this role. Unset (the default): only e-mails an
   * admin made an account for sign in.
   */
  newAccounts?: { domains: string[]; role: StaffRole };
}

export interface SmsSettings {
  /** The longest a request waits for the SMS provider (SMS_TIMEOUT_MS); then the send has failed. */
  timeoutMs: number;
  /** OTPs one address may ask for an hour, over every number (OTP_SENDS_PER_ADDRESS_PER_HOUR): it
   * stops one machine sending SMS to many numbers; generous, since many phones share an address
   * behind a carrier's NAT. */
  otpSendsPerAddressPerHour: number;
}

export interface FunnelSettings {
  /** Events older than this many days become daily counts (FUNNEL_ROLLUP_AFTER_DAYS). */
  rollupAfterDays: number;
  /** A comparison says "not enough data yet" while a variant has fewer page views (FUNNEL_MIN_SAMPLE). */
  minSample: number;
  /** Event batches one address may send a minute (FUNNEL_BATCHES_PER_MINUTE): many phones share an
   * address behind a carrier's NAT, so it is generous. */
  batchesPerMinute: number;
  /** Funnel events one address may add a day (FUNNEL_EVENTS_PER_ADDRESS_PER_DAY), and all together
   * (FUNNEL_EVENTS_PER_DAY): counted in the database, over every process, so nobody fills the disk. */
  eventsPerAddressPerDay: number;
  eventsPerDay: number;
  /** Below this much free space on the data folder's disk the funnel refuses events, long before a
   * registration would fail to write (FUNNEL_MIN_FREE_MB). */
  minFreeMb: number;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The STUDIO_OIDC_* variables; a half-made setting stops the start with the reason (never signs in nobody quietly). */
function oidcFromEnv(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const issuer = value('STUDIO_OIDC_ISSUER');
  const clientId = value('STUDIO_OIDC_CLIENT_ID');
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId)
    throw new Error(
      'Set both STUDIO_OIDC_ISSUER and STUDIO_OIDC_CLIENT_ID (or neither) to sign in to the Studio through OpenID Connect.',
    );
  for (const [name, url] of [
    ['STUDIO_OIDC_ISSUER', issuer],
    ['STUDIO_OIDC_REDIRECT_URL', value('STUDIO_OIDC_REDIRECT_URL')],
  ] as const)
    if (url !== undefined && !URL.canParse(url)) throw new Error(`${name} is not a URL: ${url}`);
  const domains = (value('STUDIO_OIDC_EMAIL_DOMAINS') ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const role = value('STUDIO_OIDC_NEW_ROLE') as StaffRole | undefined;
  if (role !== undefined && !STAFF_ROLES.includes(role))
    throw new Error(`STUDIO_OIDC_NEW_ROLE is editor, publisher or admin, not ${role}.`);
  if (domains.length > 0 !== (role !== undefined))
    throw new Error(
      'Set both STUDIO_OIDC_EMAIL_DOMAINS and STUDIO_OIDC_NEW_ROLE (or neither): new accounts need a domain and a role.',
    );
  return {
    issuer,
    clientId,
    clientSecret: value('STUDIO_OIDC_CLIENT_SECRET'),
    redirectUrl: value('STUDIO_OIDC_REDIRECT_URL'),
    name: value('STUDIO_OIDC_NAME') ?? 'your organisation',
    ...(role ? { newAccounts: { domains, role } } : {}),
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data')),
    sandbox: env.SANDBOX === 'on' || (env.SANDBOX !== 'off' && !production),
    session: {
      idleMinutes: int(env.SESSION_IDLE_MINUTES, 12 * 60),
      absoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 7 * 24),
    },
    studio: {
      sessionIdleMinutes: int(env.STUDIO_SESSION_IDLE_MINUTES, 30),
      sessionAbsoluteHours: int(env.STUDIO_SESSION_ABSOLUTE_HOURS, 12),
      maxJsonBytes: int(env.STUDIO_MAX_BYTES, 1024 * 1024),
      maxImageBytes: int(env.STUDIO_MAX_IMAGE_BYTES, 2 * 1024 * 1024),
      previewLinkHours: int(env.STUDIO_PREVIEW_LINK_HOURS, 72),
      host: env.STUDIO_HOST?.trim().toLowerCase() || undefined,
      oidc: oidcFromEnv(env),
    },
    bodyLimit: int(env.BODY_LIMIT, 64 * 1024),
    logger: env.LOG !== 'off' && !env.VITEST,
    paymentCallbackSecret: env.PAYMENT_CALLBACK_SECRET ?? randomBytes(32).toString('hex'),
    mockJeeTenant: {
      id: env.MOCK_JEE_TENANT_ID || 'examflow-sandbox',
      token: env.MOCK_JEE_TENANT_TOKEN || randomBytes(32).toString('base64url'),
      examLinkUrl: env.MOCK_JEE_EXAM_LINK_URL || undefined,
    },
    funnel: {
      rollupAfterDays: int(env.FUNNEL_ROLLUP_AFTER_DAYS, 90),
      minSample: int(env.FUNNEL_MIN_SAMPLE, 100),
      batchesPerMinute: int(env.FUNNEL_BATCHES_PER_MINUTE, 600),
      eventsPerAddressPerDay: int(env.FUNNEL_EVENTS_PER_ADDRESS_PER_DAY, 5_000),
      eventsPerDay: int(env.FUNNEL_EVENTS_PER_DAY, 2_000_000),
      minFreeMb: int(env.FUNNEL_MIN_FREE_MB, 1_024),
    },
    sms: {
      timeoutMs: int(env.SMS_TIMEOUT_MS, 5_000),
      otpSendsPerAddressPerHour: int(env.OTP_SENDS_PER_ADDRESS_PER_HOUR, 100),
    },
    sfIdLinkHours: int(env.SF_ID_LINK_HOURS, 24),
    contentPollMs: int(env.CONTENT_POLL_MS, 250),
    configGraceHours: int(env.CONFIG_GRACE_HOURS, 24),
    limits: {
      requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
      headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 10_000),
      connectionsCheckMs: int(env.CONNECTIONS_CHECK_MS, 1_000),
      maxInFlight: int(env.MAX_IN_FLIGHT, 512),
      maxConnectionsPerAddress:
        env.MAX_CONNECTIONS_PER_ADDRESS === '0' ? 0 : int(env.MAX_CONNECTIONS_PER_ADDRESS, 128),
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS === '0' ? 0 : int(env.MAX_EVENT_LOOP_DELAY_MS, 1_000),
    },
  };
}
