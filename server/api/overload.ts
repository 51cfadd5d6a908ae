// Overload and slow clients (decision 038): what a busy or attacked server answers instead of
// making people wait. A request whose body or headers do not arrive in time is cut off (Node's
// request and headers timeouts, set where the server is built); beyond a number of requests in
// flight, beyond a number of open connections from one address, or while the event loop lags
// (@fastify/under-pressure), a request is answered at once: 503 with Retry-After, in the API's
// error shape, so a phone tries again in a few seconds rather than waiting.
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

export async function registerOverloadGuards(
  app: FastifyInstance,
  { maxInFlight, maxConnectionsPerAddress, maxEventLoopDelayMs }: ServerConfig['limits'],
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: BUSY_RETRY_AFTER_SECONDS,
    customError: ServerBusy,
  });

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
