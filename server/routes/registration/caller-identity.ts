// Caller identity (part 2 §4 OTP flow, §3 "Caller-identity result"): the client starts a request,
// the person approves it in the identity app (here: a sandbox page with Approve / Reject), and the
// client polls the result. A verified result proves the mobile, so it hands out a registration
// token, once.
import type { FastifyInstance } from 'fastify';
import type {
  RegistrationCallerIdentityStartBody,
  RegistrationCallerIdentityStartReply,
} from '../../../src/generated/api/registration-caller-identity-start';
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../../../src/generated/api/registration-caller-identity-status';
import type { RegistrationSandboxCallerIdentityParams } from '../../../src/generated/api/registration-sandbox-caller-identity';
import type {
  RegistrationSandboxCallerIdentityDecisionBody,
  RegistrationSandboxCallerIdentityDecisionParams,
} from '../../../src/generated/api/registration-sandbox-caller-identity-decision';
import { mobileNumber } from '../../../src/domain/phone';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { hit, lockedUntil, minutesUntil } from '../../auth/throttle';
import { issueRegistrationToken } from '../../services/registration/registration-token';
import {
  CALLER_IDENTITY_TTL_MS,
  claimRegistrationToken,
  decideCallerIdentity,
  find,
  startCallerIdentity,
  statusOf,
} from '../../services/registration/caller-identity';

const startRule = { lockAfter: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const tags = ['registration'];

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export function registerCallerIdentityRoutes(app: FastifyInstance): void {
  app.post<{ Body: RegistrationCallerIdentityStartBody; Reply: RegistrationCallerIdentityStartReply }>(
    '/api/caller-identity',
    {
      schema: apiSchema('registration-caller-identity-start', {
        summary: 'Start a caller-identity request',
        tags,
      }),
    },
    async (request) => {
      const { ctx } = app;
      const key = `caller-identity-ip:${request.ip}`;
      const until = await lockedUntil(ctx, key);
      if (until)
        throw new ApiError(
          429,
          `Too many verification requests. Please try again in ${minutesUntil(ctx, until)} minutes.`,
        );
      await hit(ctx, key, startRule);
      const id = await startCallerIdentity(ctx, request.body.requestNonce);
      return { success: 'true', requestId: id, ttl_ms: CALLER_IDENTITY_TTL_MS };
    },
  );

  app.get<{ Params: RegistrationCallerIdentityParams; Reply: RegistrationCallerIdentityStatusReply }>(
    '/api/caller-identity/:requestId',
    {
      schema: apiSchema('registration-caller-identity-status', {
        summary: 'Poll a caller-identity result',
        tags,
      }),
    },
    async (request) => {
      const { ctx } = app;
      const row = await find(ctx, request.params.requestId);
      const status = statusOf(ctx, row);
      const result = {
        status,
        mobile: row.mobile ?? '',
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
        email: row.email ?? '',
      };
      if (status !== 'verified' || !row.mobile || row.token_issued_at) return result;
      // Only the first poll after verification gets the token.
      if (!(await claimRegistrationToken(ctx, row.id))) return result;
      const { token } = await issueRegistrationToken(ctx, row.mobile);
      return { ...result, registration_token: token };
    },
  );
}

/** The sandbox identity app: a page with Approve / Reject (plain forms, no scripts). */
export function registerCallerIdentitySandbox(app: FastifyInstance): void {
  app.get<{ Params: RegistrationSandboxCallerIdentityParams }>(
    '/sandbox/caller-identity/:requestId',
    {
      schema: apiSchema('registration-sandbox-caller-identity', {
        summary: 'Sandbox caller-identity page',
        tags: ['sandbox'],
        answers: { html: true },
      }),
    },
    async (request, reply) => {
      const { ctx } = app;
      const row = await find(ctx, request.params.requestId);
      const status = statusOf(ctx, row);
      const action = `/sandbox/caller-identity/${row.id}`;
      const body =
        status !== 'pending'
          ? `<p>This request is ${status === 'verified' ? 'approved' : 'no longer pending'}.</p>`
          : `<p>A site asks to verify your mobile number and name (request ${escape(row.nonce)}).</p>
<form method="post" action="${action}/approve">
<p><label for="mobile">Mobile number</label> <input id="mobile" name="mobile" inputmode="numeric" required maxlength="16" value="9876543210"></p>
<p><label for="first_name">First name</label> <input id="first_name" name="first_name" maxlength="60" value="Riya"></p>
<p><label for="last_name">Last name</label> <input id="last_name" name="last_name" maxlength="60" value="Verma"></p>
<p><label for="email">Email</label> <input id="email" name="email" type="email" maxlength="254" value="riya.verma@example.com"></p>
<button type="submit">Approve</button>
</form>
<form method="post" action="${action}/reject"><button type="submit">Reject</button></form>`;
      return reply.type('text/html; charset=utf-8').send(page('Sandbox caller identity', body));
    },
  );

  app.post<{
    Params: RegistrationSandboxCallerIdentityDecisionParams;
    Body: RegistrationSandboxCallerIdentityDecisionBody | undefined;
  }>(
    '/sandbox/caller-identity/:requestId/:decision',
    {
      schema: apiSchema('registration-sandbox-caller-identity-decision', {
        summary: 'Approve or reject a sandbox caller-identity request',
        tags: ['sandbox'],
        answers: { html: true },
      }),
    },
    async (request, reply) => {
      const { ctx } = app;
      const row = await find(ctx, request.params.requestId);
      if (statusOf(ctx, row) !== 'pending') throw new ApiError(409, 'This request is no longer pending.');
      const approve = request.params.decision === 'approve';
      const body = request.body ?? {};
      const mobile = approve ? mobileNumber(body.mobile ?? '') : undefined;
      if (approve && !mobile) throw new ApiError(400, 'Invalid mobile number received');
      const clean = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ') || null;
      await decideCallerIdentity(
        ctx,
        row.id,
        mobile
          ? {
              approve: true,
              mobile,
              firstName: clean(body.first_name),
              lastName: clean(body.last_name),
              email: clean(body.email)?.toLowerCase() ?? null,
            }
          : { approve: false },
      );
      const text = approve ? 'Approved. You can return to the registration page.' : 'Rejected.';
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Sandbox caller identity', `<p>${escape(text)}</p>`));
    },
  );
}
