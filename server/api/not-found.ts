// Every answer in the API's shape, the framework's own included (decision 038): an address no
// route answers is a 404 { success: 'false', msg }; a known address asked with another method is a
// 405 with Allow; a malformed address is a 400; a request the HTTP parser refuses (headers too
// large, a broken request line) gets a JSON body too.
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { say } from './messages';

interface Known {
  pattern: RegExp;
  method: string;
}

/** A route's path as a regular expression (':param' one segment, '*' the rest). */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[^/]+/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  );

/**
 * The answer to an address no route takes: 405 with Allow when other methods take it, else 404.
 * Registers the not-found handler, and returns the same answer for the catch-alls that keep an
 * address from the site's pages (/api/*).
 */
export function registerNotFound(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const known: Known[] = [];
  app.addHook('onRoute', (route) => {
    // A catch-all ('/*', '/api/*', '/sandbox/*') names no address of its own.
    if (route.url.endsWith('*')) return;
    for (const method of [route.method].flat())
      known.push({ pattern: patternOf(route.url), method: String(method) });
  });
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...new Set(known.filter((k) => k.pattern.test(path)).map((k) => k.method))];
    if (allowed.length > 0 && !allowed.includes(request.method))
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ success: 'false', msg: say(request, 'request.wrongMethod', { method: request.method }) });
    return reply.code(404).send({ success: 'false', msg: say(request, 'request.noSuchCall') });
  };
  app.setNotFoundHandler(answer);
  return answer;
}

/** Fastify's frameworkErrors: a malformed address (FST_ERR_BAD_URL) in the API's shape. */
export function frameworkErrors(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({ success: 'false', msg: say(request, 'request.invalid') });
}

/** Fastify's clientErrorHandler: what Node's HTTP parser refused, answered as JSON and closed (no
 * request was read, so no locale: these words are for the developer of the client). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const [status, reason, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', "The request's headers are too large."]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request did not arrive in time.']
        : [400, 'Bad Request', 'The request could not be read.'];
  const body = JSON.stringify({ success: 'false', msg });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
