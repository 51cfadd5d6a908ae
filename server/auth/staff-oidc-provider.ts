// The organisation's OpenID Connect provider as openid-client sees it (decision 051): its discovery
// document, read at the first sign-in and kept while the app runs (read again after a failure), and
// the client's credentials: client_secret_basic with a secret, a public client (PKCE alone) without.
import * as client from 'openid-client';
import type { OidcSettings } from '../config';

/** Plain http only for a provider on this machine (a developer's or a test's): elsewhere the library refuses it. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** The longest the server waits for the provider (discovery, token, user info). */
const TIMEOUT_SECONDS = 10;

const configurations = new WeakMap<OidcSettings, Promise<client.Configuration>>();

export function oidcProvider(settings: OidcSettings): Promise<client.Configuration> {
  const known = configurations.get(settings);
  if (known) return known;
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  const pending = client.discovery(
    issuer,
    settings.clientId,
    undefined,
    settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
    { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
  );
  configurations.set(settings, pending);
  pending.catch(() => configurations.delete(settings));
  return pending;
}

/** Who the provider says signed in: the ID token's claims, and the user info's when it holds no e-mail. */
export async function identityOf(
  provider: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<{ subject: string; email?: string; emailVerified: boolean; name?: string }> {
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider answered no ID token');
  const info: Record<string, unknown> =
    claims.email === undefined && provider.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(provider, tokens.access_token, claims.sub)
      : claims;
  return {
    subject: claims.sub,
    ...(typeof info.email === 'string' ? { email: info.email } : {}),
    // The boolean true only: anything else is an address nobody confirmed.
    emailVerified: info.email_verified === true,
    ...(typeof info.name === 'string' && info.name.trim() ? { name: info.name.trim() } : {}),
  };
}
