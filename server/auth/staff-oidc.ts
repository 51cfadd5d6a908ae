// Signing in to examflow Studio through the organisation's OpenID Connect provider (decision 051):
// the authorization code flow with PKCE (S256), state and nonce. The start keeps them in a row of
// staff_oidc_flows for 10 minutes against a random token in this browser's HttpOnly cookie; the
// callback uses that row once (a replay, another browser's callback or a changed state is
// refused), and openid-client checks the ID token's signature, issuer, audience, expiry and nonce.
// A verified e-mail of an enabled account opens the same session as the password and the code do
// (openStaffSession); the second factor is the provider's business. Every outcome is audited.
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { StudioOidcRefusal } from '../../src/generated/api/studio-account-oidc';
import { ApiError } from '../api/errors';
import type { OidcSettings } from '../config';
import type { AppContext } from '../context';
import type { StaffTable } from '../db/tables/staff';
import { createStaff, emailKey, staffByEmail } from '../services/staff/accounts';
import { audit, type AuditActor } from '../services/staff/audit';
import { addMs, iso } from '../timestamps';
import { identityOf, oidcProvider } from './staff-oidc-provider';
import { openStaffSession } from './staff-sessions';
import { STAFF_SIGN_IN_RULES, tooManyRequestsFor } from './staff-sign-in';
import { takeAll } from './throttle';
import { hashToken, newToken } from './tokens';

export const STUDIO_OIDC_COOKIE = 'examflow_studio_oidc';
const OIDC_PATH = '/studio/api/account/oidc/';
export const OIDC_CALLBACK_PATH = `${OIDC_PATH}callback`;
/** The Studio page's parameter that names a refusal (GET /studio/api/account/oidc words it). */
export const REFUSED_PARAM = 'sign-in-refused';
const FLOW_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

/** Who made an account that a sign-in through the provider created (STUDIO_OIDC_EMAIL_DOMAINS). */
export const OIDC_ACTOR: AuditActor = { id: null, email: 'organisation sign-in' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why a sign-in through the provider was refused, in words, naming the provider as configured. */
export function oidcRefusalSentence(refusal: StudioOidcRefusal, name: string): string {
  switch (refusal) {
    case 'no-account':
      return `Your e-mail address at ${name} has no Studio account. Ask an admin of the Studio to make one for it, then sign in again.`;
    case 'unverified-email':
      return `${capitalised(name)} has not confirmed your e-mail address, so the Studio cannot tell which account is yours. Confirm it there, or sign in with your e-mail address and password.`;
    case 'disabled':
      return 'Your Studio account is switched off. Ask an admin of the Studio to switch it back on.';
    case 'expired':
      return 'That sign-in had ended, was used already or was started in another browser, so you are not signed in. Sign in again.';
    case 'cancelled':
      return `The sign-in was cancelled at ${name}, so you are not signed in.`;
    case 'provider-error':
      return `${capitalised(name)} did not confirm who you are, so you are not signed in. Try again in a minute; if it keeps happening, sign in with your e-mail address and password, or ask an admin of the Studio.`;
  }
}

/** The settings, or a 404 where no provider is set up. */
function settingsOf(ctx: AppContext): OidcSettings {
  const settings = ctx.config.studio.oidc;
  if (!settings) throw new ApiError(404, 'Signing in through an organisation account is not set up here.');
  return settings;
}

/** The Studio page a sign-in returns to: a /studio path, without a refusal of an earlier try. */
export function studioReturnPath(asked: string | undefined): string {
  if (!asked || !/^\/studio(?:[/?#]|$)/.test(asked) || /[\\\s]|\/\//.test(asked)) return '/studio';
  const url = new URL(asked, 'http://studio.invalid');
  url.searchParams.delete(REFUSED_PARAM);
  return url.pathname + url.search;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: OIDC_PATH,
  httpOnly: true,
  // Lax, not Strict: the provider sends the browser back from its own site, a top-level GET.
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

/** Begins a sign-in: the provider's URL for the browser to open. */
export async function startOidcSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  returnTo: string | undefined,
): Promise<URL> {
  const settings = settingsOf(ctx);
  // Each start writes a row: one address may start 30 in 15 minutes.
  await takeAll(ctx, [
    {
      key: `staff-oidc-start:${request.ip}`,
      rule: STAFF_SIGN_IN_RULES.ip,
      refusal: (until) => tooManyRequestsFor(ctx, until, 'Too many sign-ins started from this address'),
    },
  ]);
  let provider: client.Configuration;
  try {
    provider = await oidcProvider(settings);
  } catch (error) {
    request.log.error({ err: error, issuer: settings.issuer }, 'OpenID Connect discovery failed');
    throw new ApiError(
      503,
      `${capitalised(settings.name)} cannot be reached now. Try again in a minute, or sign in with your e-mail address and password.`,
    );
  }
  const token = newToken();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const redirectUri = settings.redirectUrl ?? `${request.protocol}://${request.host}${OIDC_CALLBACK_PATH}`;
  const now = ctx.now();
  await ctx.db.deleteFrom('staff_oidc_flows').where('expires_at', '<=', iso(now)).execute();
  await ctx.db
    .insertInto('staff_oidc_flows')
    .values({
      token_hash: hashToken(token),
      state,
      nonce,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      return_to: studioReturnPath(returnTo),
      created_at: iso(now),
      expires_at: iso(addMs(now, FLOW_MS)),
      used_at: null,
      ip: request.ip,
    })
    .execute();
  reply.setCookie(STUDIO_OIDC_COOKIE, token, { ...cookieOptions(request), maxAge: FLOW_MS / 1000 });
  return client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

/** This browser's sign-in, used now: null when there is none, it was used already or it expired. */
async function useFlow(ctx: AppContext, token: string | undefined) {
  if (!token) return null;
  const now = iso(ctx.now());
  const flow = await ctx.db
    .updateTable('staff_oidc_flows')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['state', 'nonce', 'code_verifier', 'redirect_uri', 'return_to'])
    .executeTakeFirst();
  return flow ?? null;
}

/** An account for a verified e-mail of an allowed domain (STUDIO_OIDC_EMAIL_DOMAINS), when set. */
async function newAccountFor(
  ctx: AppContext,
  settings: OidcSettings,
  identity: { email: string; name?: string },
  ip: string,
): Promise<StaffTable | undefined> {
  const rule = settings.newAccounts;
  const domain = emailKey(identity.email).split('@').pop() ?? '';
  if (!rule || !rule.domains.includes(domain)) return undefined;
  try {
    await createStaff(
      ctx,
      { email: identity.email, name: identity.name ?? identity.email, role: rule.role },
      { actor: OIDC_ACTOR, ip },
    );
  } catch (error) {
    // 409: a twin sign-in made it a moment ago (read below); 400: not an address the Studio takes.
    if (!(error instanceof ApiError) || (error.statusCode !== 409 && error.statusCode !== 400)) throw error;
  }
  return staffByEmail(ctx, emailKey(identity.email));
}

/**
 * The provider's answer (the callback): opens a session and answers the Studio page to open, or
 * answers that page with the refusal's code (REFUSED_PARAM). The flow's cookie ends either way.
 */
export async function finishOidcSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { state?: string; error?: string },
): Promise<string> {
  const settings = settingsOf(ctx);
  const ip = request.ip;
  reply.clearCookie(STUDIO_OIDC_COOKIE, cookieOptions(request));
  const flow = await useFlow(ctx, request.cookies[STUDIO_OIDC_COOKIE]);
  const refuse = async (
    refusal: StudioOidcRefusal,
    reason: string,
    details: Record<string, unknown> = {},
    actor: AuditActor | null = null,
  ): Promise<string> => {
    await audit(ctx, { actor, action: 'sign-in.oidc-refused', ip, details: { reason, ...details } });
    const page = new URL(flow?.return_to ?? '/studio', 'http://studio.invalid');
    page.searchParams.set(REFUSED_PARAM, refusal);
    return page.pathname + page.search;
  };
  if (!flow) return refuse('expired', request.cookies[STUDIO_OIDC_COOKIE] ? 'used-or-expired' : 'no-cookie');
  if (query.state !== flow.state) return refuse('expired', 'state-mismatch');
  if (query.error)
    return refuse(query.error === 'access_denied' ? 'cancelled' : 'provider-error', 'provider-answered', {
      error: query.error.slice(0, 100),
    });

  let identity: Awaited<ReturnType<typeof identityOf>>;
  try {
    const provider = await oidcProvider(settings);
    // The callback's own parameters, read by the library as the provider sent them.
    const current = new URL(flow.redirect_uri);
    current.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const tokens = await client.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    identity = await identityOf(provider, tokens);
  } catch (error) {
    request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
    return refuse('provider-error', 'token', {
      error: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
  const { email } = identity;
  if (!email) return refuse('unverified-email', 'no-email', { subject: identity.subject });
  if (!identity.emailVerified) return refuse('unverified-email', 'email-not-verified', { email });
  const staff =
    (await staffByEmail(ctx, emailKey(email))) ??
    (await newAccountFor(ctx, settings, { ...identity, email }, ip));
  if (!staff) return refuse('no-account', 'no-account', { email: emailKey(email) });
  const actor = { id: staff.id, email: staff.email };
  if (staff.disabled_at) return refuse('disabled', 'disabled', {}, actor);
  await openStaffSession(ctx, staff.id, request, reply);
  await audit(ctx, {
    actor,
    action: 'sign-in.success',
    ip,
    details: { method: 'oidc', issuer: settings.issuer },
  });
  return flow.return_to;
}
