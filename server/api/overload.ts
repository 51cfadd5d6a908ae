// Overload and slow clients (decision 038): what a busy or attacked server answers instead of
// making people wait. A request whose body or headers do not arrive in time is cut off (Node's
// request and headers timeouts, set where the server is built); beyond a number of requests in
// flight, beyond a number of open connections from one address, or while the event loop lags
// (@fastify/under-pressure), a request is answered at once: 503 with Retry-After, in the API's
// error shape, so a phone tries again in a few seconds rather than waiting.
import { performance } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { ApiError } from './errors';
import { message } from './messages';

/** How long a shed request is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

class ServerBusy extends ApiError {
  constructor() {
    super(503, message('server.busy'));
    this.retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;
  }
}

const SAMPLE_MS = 1_000;

/**
 * Sheds requests while the event loop lags (@fastify/under-pressure). The lag of the first two
 * samples after the app is ready is the start's own work (loading modules, the site's files), not
 * load: it turns nobody away.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  { maxEventLoopDelayMs }: ServerConfig['limits'],
): Promise<void> {
  let readyAt = Infinity;
  app.addHook('onReady', async () => void (readyAt = performance.now()));
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: SAMPLE_MS,
    // A rejection goes to the error handler (the API's shape, Retry-After); nothing, lets it in.
    pressureHandler: () =>
      performance.now() - readyAt < 2 * SAMPLE_MS ? undefined : Promise.reject(new ServerBusy()),
  });
}

/** The caps on requests in flight and on connections from one address. */
export function registerOverloadGuards(
  app: FastifyInstance,
  { maxInFlight, maxConnectionsPerAddress }: ServerConfig['limits'],
): void {
  // Open connections per address (a real socket's; injected test requests have none).
  const connections = new Map<string, number>();
  app.server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    connections.set(address, (connections.get(address) ?? 0) + 1);
    socket.once('close', () => {
      const left = (connections.get(address) ?? 1) - 1;
      if (left > 0) connections.set(address, left);
      else connections.delete(address);
    });
  });

  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/health/live') return;
    const address = request.socket?.remoteAddress;
    if (
      maxConnectionsPerAddress > 0 &&
      address &&
      (connections.get(address) ?? 0) > maxConnectionsPerAddress
    ) {
      reply.header('connection', 'close');
      throw new ServerBusy();
    }
    if (inFlight >= maxInFlight) throw new ServerBusy();
    inFlight++;
    // 'close' comes once the answer is sent or the client is gone: the count never leaks.
    reply.raw.once('close', () => inFlight--);
  });
}
