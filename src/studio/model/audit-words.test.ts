import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../engine/node/paths';
import { actionWords, ACTION_GROUPS, concerningWords, detailWords, whoWords } from './audit-words';

/** Every action code the server's sources write: the audit module's list, and each code passed to audit(). */
function serverActions(): Set<string> {
  const codes = new Set<string>();
  const union = readFileSync(path.join(projectRoot, 'server/services/staff/audit.ts'), 'utf8');
  const list = /export type StaffAuditAction =([\s\S]*?);/.exec(union)?.[1] ?? '';
  for (const [, code] of list.matchAll(/'([a-z.-]+)'/g)) if (code) codes.add(code);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  for (const file of walk(path.join(projectRoot, 'server')).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  )) {
    const source = readFileSync(file, 'utf8');
    for (const [, code] of source.matchAll(/\b(?:action|code): '([a-z-]+\.[a-z-]+|sign-out)'/g))
      if (code) codes.add(code);
  }
  return codes;
}

describe('the audit log in words', () => {
  it('names every action the server writes, each once, in plain words', () => {
    const known = ACTION_GROUPS.flatMap((g) => g.actions.map(([code]) => code));
    const written = serverActions();
    expect(written.size).toBeGreaterThan(25);
    expect([...written].filter((code) => !known.includes(code))).toEqual([]);
    expect(new Set(known).size).toBe(known.length);
    for (const [, words] of ACTION_GROUPS.flatMap((g) => g.actions))
      expect(words).not.toMatch(/[a-z]\.[a-z]|config|staff|csrf|ticket|totp/i);
    expect(actionWords('sign-in.success')).toBe('Signed in');
    expect(actionWords('something.new')).toBe('something.new');
  });

  it('says what an entry adds: whose account, the roles, why access was refused', () => {
    expect(
      detailWords({
        action: 'staff.changed',
        details: { email: 'ravi@example.com', role: { from: 'editor', to: 'publisher' } },
      }),
    ).toBe('ravi@example.com: Editor → Publisher.');
    expect(
      detailWords({ action: 'access.refused', details: { reason: 'role', role: 'editor', needed: 'admin' } }),
    ).toBe('Needs the Admin role; the account is Editor.');
    expect(detailWords({ action: 'access.refused', details: { reason: 'student-token' } })).toBe(
      'A student’s sign-in was used.',
    );
    expect(
      detailWords({ action: 'sign-in.throttled', details: { email: 'x@example.com', retry_after: 900 } }),
    ).toBe('For x@example.com: locked for 15 minutes.');
    expect(detailWords({ action: 'sign-in.success', details: { method: 'totp' } })).toBe('');
  });

  it('names who acted and the pages and coupons concerned, never a file', () => {
    expect(whoWords({ actor_name: 'Asha Rao', actor_email: 'asha@example.com' })).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
    });
    expect(whoWords({ actor_name: null, actor_email: 'command line' }).name).toMatch(/command line/);
    expect(whoWords({ actor_name: null, actor_email: null }).name).toBe('Someone not signed in');
    const names = {
      landings: [{ path: 'landings/neet.json', title: 'NEET repeater', paths: ['/neet'] }],
      programmes: [],
    };
    expect(
      concerningWords(
        {
          versions: [
            { path: 'coupons/save10.json', number: 3 },
            { path: 'landings/neet.json', number: 12 },
          ],
        },
        names,
      ),
    ).toEqual(['The coupon SAVE10, version 3', 'The page “NEET repeater” (/neet), version 12']);
  });
});
