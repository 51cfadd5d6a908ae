import Fastify, { type FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from './security-headers';
import { registerSite } from './site';

export interface AppOptions {
  /** The built site (npm run build). */
  distDir: string;
  logger?: boolean;
}

export function buildApp({ distDir, logger = false }: AppOptions): FastifyInstance {
  const app = Fastify({ logger, bodyLimit: 64 * 1024, trustProxy: false });
  registerSecurityHeaders(app);
  registerSite(app, distDir);
  return app;
}
