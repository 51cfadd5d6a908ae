// A real OpenID Connect provider on this machine (the `oidc-provider` package, its development
// login and consent pages), and a browser walking through it by hand with fetch: its own cookies for
// each site, every redirect followed one at a time, the provider's login and consent forms
// submitted. For the Studio's OpenID Connect sign-in tests (decision 051).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const CLIENT_ID = 'examflow-studio';
export const CLIENT_SECRET = 'a-test-client-secret-of-some-length-0123456789';

export interface TestUser {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalProvider {
  issuer: string;
  /** Registers the client with its redirect URL and starts answering. */
  open(redirectUri: string): void;
  close(): Promise<void>;
}

/** A provider listening on a free port of 127.0.0.1; it answers once open() knows the redirect URL. */
export async function startLocalProvider(users: Record<string, TestUser>): Promise<LocalProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    open(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri] }],
        findAccount: (_ctx, id) => {
          const user = users[id];
          return user ? { accountId: id, claims: () => ({ sub: id, ...user }) } : undefined;
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      });
      server.on('request', provider.callback());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One site's cookies, as a browser keeps them (names only: these tests need no path rules). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }
}

/** A request with this jar's cookies, the answer's cookies kept, no redirect followed. */
export async function browse(jar: CookieJar, url: string | URL, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

/**
 * From the provider's authorization URL to the redirect back to the client: signs in as `login`
 * and consents (or cancels at the login page). Answers the callback URL the provider sent.
 */
export async function throughProvider(
  url: string,
  login: string,
  options: { cancel?: boolean; jar?: CookieJar } = {},
): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  let next = new URL(url);
  const issuer = next.origin;
  for (let hops = 0; hops < 12; hops++) {
    if (next.origin !== issuer) return next;
    const response = await browse(jar, next);
    const location = response.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt) throw new Error(`provider answered ${response.status}: ${page}`);
    if (options.cancel) {
      next = new URL(`${next.pathname}/abort`, next);
      continue;
    }
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const submitted = await browse(jar, next, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const after = submitted.headers.get('location');
    if (!after) throw new Error(`provider kept the ${prompt} page: ${submitted.status}`);
    next = new URL(after, next);
  }
  throw new Error('the provider never sent the browser back');
}
