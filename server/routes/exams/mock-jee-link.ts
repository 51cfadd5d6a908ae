// The test platform's JEE mock exam-link call (part 2 §7 "POST mock JEE exam link … tenant id and
// tenant token headers"). The server makes it for the logged-in student: the tenant token is a
// server-side secret (ServerConfig.mockJeeTenant), never in the browser. The call goes to the
// configured platform (MOCK_JEE_EXAM_LINK_URL) or, with the sandbox on, to the sandbox test player
// standing in for it (POST /sandbox/mock-jee/exam-link), through the same HTTP request either way.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LaunchUrls } from '../../../src/generated/api/exam-launch';
import type { SandboxMockJeeExamLinkBody } from '../../../src/generated/api/sandbox-mock-jee-exam-link';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';

export const SANDBOX_EXAM_LINK_PATH = '/sandbox/mock-jee/exam-link';

interface PlatformAnswer {
  status: number;
  body: unknown;
}

const sameSecret = (expected: string, given: unknown): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The platform's side: whether a request carries this server's tenant headers. */
export function tenantHeadersMatch(ctx: AppContext, request: Pick<FastifyRequest, 'headers'>): boolean {
  const { id, token } = ctx.config.mockJeeTenant;
  return (
    sameSecret(id, request.headers['x-tenant-id']) && sameSecret(token, request.headers['x-tenant-token'])
  );
}

async function send(
  app: FastifyInstance,
  body: SandboxMockJeeExamLinkBody,
  language: string | undefined,
): Promise<PlatformAnswer> {
  const { ctx } = app;
  const { id, token, examLinkUrl } = ctx.config.mockJeeTenant;
  const headers = {
    'content-type': 'application/json',
    'x-tenant-id': id,
    'x-tenant-token': token,
    // The platform's words reach the student: ask for them in the page's language.
    ...(language ? { 'accept-language': language } : {}),
  };
  if (examLinkUrl) {
    const response = await fetch(examLinkUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  }
  if (!ctx.config.sandbox) throw new ApiError(503, message('testPlatform.unavailable'));
  // The sandbox stand-in is this server's own route: an in-process HTTP request, headers and all.
  const response = await app.inject({ method: 'POST', url: SANDBOX_EXAM_LINK_PATH, headers, payload: body });
  return { status: response.statusCode, body: response.json<unknown>() };
}

const msgOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string'
    ? body.msg
    : undefined;

/**
 * Asks the platform for the student's paper (or its result). The platform's refusals of the paper
 * (not started, missed, not yet released) reach the student as its own words; a refusal of the
 * tenant is this server's fault and answers 502.
 */
export async function requestExamLink(
  app: FastifyInstance,
  body: SandboxMockJeeExamLinkBody,
  /** The student's Accept-Language, passed on to the platform. */
  language?: string,
): Promise<{ msg: string; data: LaunchUrls }> {
  const answer = await send(app, body, language);
  const msg = msgOf(answer.body);
  if (answer.status === 401 || answer.status === 403)
    throw new ApiError(502, message('testPlatform.refused'));
  if (answer.status !== 200 || msg === undefined)
    throw new ApiError(
      answer.status >= 400 && answer.status < 500 ? answer.status : 502,
      msg ?? message('testPlatform.noAnswer'),
    );
  const data = (answer.body as { data?: LaunchUrls }).data ?? {};
  return { msg, data };
}
