import { describe, expect, it } from 'vitest';
import type { TokenRule } from '../generated/config/common';
import { decidePage, hasSessionMarker } from './page-request';
import common from '../../schemas/config/common.schema.json';
import { loadConfig } from './node/validate-config';
import { configDir } from './node/paths';
import { guardRedirect, pagePathProblem, routePathPattern, takenPaths } from './routes';

const login: TokenRule = { ifToken: { redirectTo: '/dashboard' } };
const mock: TokenRule = {
  ifToken: {
    redirectTo: '/dashboard',
    unlessQuery: [
      { param: 'registeration', value: 'success' },
      { param: 'status', value: 'failure' },
    ],
  },
};
const dashboard: TokenRule = { ifNoToken: { redirectTo: '/' } };
const q = (s: string) => new URLSearchParams(s);

describe('guardRedirect (part 1 §2 token rules)', () => {
  it('sends a visitor with a token from login and iACST pages to /dashboard', () => {
    expect(guardRedirect(login, { hasToken: true, query: q('') })).toBe('/dashboard');
    expect(guardRedirect(login, { hasToken: true, query: q('registeration=success') })).toBe('/dashboard');
  });
  it('lets a visitor without a token stay', () => {
    expect(guardRedirect(login, { hasToken: false, query: q('') })).toBeUndefined();
    expect(guardRedirect(mock, { hasToken: false, query: q('') })).toBeUndefined();
  });
  it('keeps a token holder on mock pages when the query says registeration=success or status=failure', () => {
    expect(
      guardRedirect(mock, { hasToken: true, query: q('registeration=success&roll_no=1') }),
    ).toBeUndefined();
    expect(
      guardRedirect(mock, { hasToken: true, query: q('status=failure&mobile=9876543210') }),
    ).toBeUndefined();
    expect(guardRedirect(mock, { hasToken: true, query: q('status=success') })).toBe('/dashboard');
    expect(guardRedirect(mock, { hasToken: true, query: q('registeration=failure') })).toBe('/dashboard');
  });
  it('sends a visitor without a token from the dashboard to /', () => {
    expect(guardRedirect(dashboard, { hasToken: false, query: q('') })).toBe('/');
    expect(guardRedirect(dashboard, { hasToken: true, query: q('') })).toBeUndefined();
  });
  it('does nothing without a rule', () => {
    expect(guardRedirect(undefined, { hasToken: true, query: q('') })).toBeUndefined();
  });
});

describe('decidePage', () => {
  const routes = [
    { path: '/', tokenRule: login },
    { path: '/mock-neet-exam', tokenRule: mock },
    { path: '/iacst-result' },
  ];
  const url = (s: string) => new URL(s, 'http://localhost');

  it('matches exact paths only', () => {
    expect(decidePage(routes, url('/iacst-result'), undefined)).toMatchObject({ kind: 'page', status: 200 });
    expect(decidePage(routes, url('/iacst-result/'), undefined)).toEqual({ kind: 'not-found', status: 404 });
    expect(decidePage(routes, url('/IACST-RESULT'), undefined)).toEqual({ kind: 'not-found', status: 404 });
  });
  it('applies the token rule from the session marker cookie', () => {
    expect(decidePage(routes, url('/'), 'a=1; ef_session=1')).toEqual({
      kind: 'redirect',
      location: '/dashboard',
    });
    expect(decidePage(routes, url('/'), 'ef_session=')).toMatchObject({ kind: 'page' });
    expect(decidePage(routes, url('/mock-neet-exam?status=failure'), 'ef_session=1')).toMatchObject({
      kind: 'page',
    });
  });
  it('keeps the query on a redirect (a login link from another host, campaign parameters)', () => {
    expect(decidePage(routes, url('/?utm_source=x'), 'ef_session=1')).toEqual({
      kind: 'redirect',
      location: '/dashboard?utm_source=x',
    });
  });
  it("answers an app screen's own views below its path with its page, token rule and all", () => {
    const app = [
      ...routes,
      { path: '/dashboard', appPaths: true, tokenRule: { ifNoToken: { redirectTo: '/' } } },
    ];
    expect(decidePage(app, url('/dashboard/course/C1/checkout'), 'ef_session=1')).toMatchObject({
      kind: 'page',
      route: { path: '/dashboard' },
    });
    expect(decidePage(app, url('/dashboard/course/C1'), undefined)).toEqual({
      kind: 'redirect',
      location: '/',
    });
    // Only below the path (not a longer name), and never for a screen without app paths.
    expect(decidePage(app, url('/dashboards'), 'ef_session=1')).toEqual({ kind: 'not-found', status: 404 });
    expect(decidePage(app, url('/iacst-result/x'), undefined)).toEqual({ kind: 'not-found', status: 404 });
  });
  it('reads the marker cookie exactly', () => {
    expect(hasSessionMarker('xef_session=1')).toBe(false);
    expect(hasSessionMarker('ef_session=1')).toBe(true);
    expect(hasSessionMarker(undefined)).toBe(false);
  });
});

describe('pagePathProblem (the one rule for page paths: config cross-check and Studio)', () => {
  const taken = new Map([
    ['/', { owner: 'config/site.json' }],
    ['/dashboard', { owner: 'config/site.json', appPaths: true }],
    ['/mock-neet-exam', { owner: 'config/landings/mock-neet.json' }],
  ]);
  it('accepts a free, well-formed path', () => {
    expect(pagePathProblem('/neet-2026', taken)).toBeUndefined();
    expect(pagePathProblem('/iacst-scholarship/terms-2', taken)).toBeUndefined();
  });
  it('refuses a malformed path', () => {
    for (const bad of ['neet', '/Neet', '/neet/', '/neet exam', '/neet_exam', '//neet', '/neet.html'])
      expect(pagePathProblem(bad, taken), bad).toMatch(/is not a valid page path/);
  });
  it('refuses the server’s and dev tools’ paths and the paths below them', () => {
    for (const reserved of [
      '/api',
      '/api/anything',
      '/studio',
      '/studio/x',
      '/inspector',
      '/images/a',
      '/sandbox',
    ])
      expect(pagePathProblem(reserved, taken), reserved).toBe(
        `path "${reserved}" is reserved for the server`,
      );
    expect(pagePathProblem('/apis', taken)).toBeUndefined();
  });
  it('refuses a path another page has, and a path inside the app’s own', () => {
    expect(pagePathProblem('/mock-neet-exam', taken)).toBe(
      'path "/mock-neet-exam" is already used by config/landings/mock-neet.json',
    );
    expect(pagePathProblem('/dashboard', taken)).toBe(
      'path "/dashboard" is already used by config/site.json',
    );
    expect(pagePathProblem('/dashboard/offers', taken)).toMatch(
      /inside \/dashboard, whose pages belong to the app/,
    );
    expect(pagePathProblem('/mock-neet-exam/hindi', taken)).toBeUndefined();
  });
  it('reads the taken paths from the config, leaving one landing out', () => {
    const bundle = loadConfig(configDir());
    const all = takenPaths(bundle);
    expect(all.get('/exam/login')).toEqual({ owner: 'config/site.json' });
    expect(all.get('/dashboard')).toEqual({ owner: 'config/site.json', appPaths: true });
    expect(all.get('/adst')).toEqual({ owner: 'config/landings/adst.json' });
    expect(takenPaths(bundle, 'landings/adst.json').has('/adst')).toBe(false);
  });
  it('uses the same path pattern as the schema', () => {
    expect(routePathPattern.source).toBe(new RegExp(common.definitions.routePath.pattern).source);
  });
});
