// What every route can reach: the database, settings, the site config, the SMS and e-mail
// providers and a clock (tests move time forward instead of waiting). Types only: every module may
// import it without closing a cycle.
import type { ConfigBundle } from '../src/engine/config-bundle';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { PaidEffects } from './payments/paid-effects';
import type { StudentsTable } from './db/tables/core';
import type { EmailProvider } from './sandbox/email';
import type { LiveContent } from './services/content/live';
import type { RenderPreview } from './services/content/preview';
import type { SmsProvider } from './services/sms';

export interface AppContext {
  db: Db;
  config: ServerConfig;
  /** The published config this process serves (swapped whole when a publish goes live). */
  site: ConfigBundle;
  /** The published config's versions, watched for publishes (absent when a test gave `site`). */
  content?: LiveContent;
  /** Draws a Studio preview's page (buildApp's renderPreview; absent: no preview on this server). */
  renderPreview?: RenderPreview;
  sms: SmsProvider;
  email: EmailProvider;
  now: () => Date;
  /** What paid orders do in this app (registered by the routes that create them). */
  paidEffects: PaidEffects;
  /** Signs the order-status token of a gateway's return link (server_secrets, migration 013). */
  orderReturnKey: string;
}

export type Student = StudentsTable;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by requireStudent. */
    student: Student | null;
    /** Set by requireStudent: what the student's kept answers are checked against. */
    answersVersion: string | null;
  }
}
