// examflow Studio's staff accounts (decision 048): an admin creates accounts and changes roles,
// never leaving the Studio without an enabled admin; a person changes their own password; the
// command line creates an account and resets a password on the server's database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../src/engine/node/paths';
import { totpCode } from '../../auth/staff-totp';
import { createDb, sqliteFileIn } from '../../db/database';
import { testApp, type TestApp } from '../../../tests/support/server-harness';
import { studio } from './studio.test-support';

let t: TestApp;
let s: ReturnType<typeof studio>;
beforeAll(async () => {
  t = await testApp();
  s = studio(t);
});
afterAll(async () => t?.close());

const idOf = async (email: string) =>
  (await t.db.selectFrom('staff').select('id').where('email_key', '=', email).executeTakeFirstOrThrow()).id;

describe('staff accounts', () => {
  it('an admin creates an account (its password answered once), lists them and changes a role', async () => {
    const admin = await s.enrolled('admin', 'first-admin@example.com');
    const created = await s.as(admin, {
      method: 'POST',
      url: '/studio/api/staff',
      payload: { email: 'New.Editor@example.com', name: 'New Editor', role: 'editor' },
    });
    expect(created.statusCode).toBe(200);
    expect(String(created.data.password)).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(created.data.staff).toMatchObject({ role: 'editor', second_factor: false, disabled: false });
    const twin = await s.as(admin, {
      method: 'POST',
      url: '/studio/api/staff',
      payload: { email: 'new.editor@EXAMPLE.com', name: 'Twin', role: 'admin' },
    });
    expect(twin.statusCode).toBe(409);
    const first = await s.signIn('new.editor@example.com', String(created.data.password));
    expect(first.data.second_factor).toBe('enrol');

    const list = await s.as(admin, { method: 'GET', url: '/studio/api/staff' });
    expect((list.data.staff as { email: string }[]).map((a) => a.email)).toContain('New.Editor@example.com');
    expect(JSON.stringify(list.data)).not.toMatch(/scrypt|password_hash|totp/);

    const id = await idOf('new.editor@example.com');
    const promoted = await s.as(admin, {
      method: 'PATCH',
      url: `/studio/api/staff/${id}`,
      payload: { role: 'publisher' },
    });
    expect(promoted.data.staff).toMatchObject({ role: 'publisher' });
    expect((await s.audited('staff.changed')).at(-1)).toMatchObject({
      actor_email: admin.email,
      details: { staff_id: id, role: { from: 'editor', to: 'publisher' } },
    });
    expect((await s.audited('staff.created')).at(-1)?.actor_email).toBe(admin.email);
  });

  it('an admin cannot remove the last enabled admin', async () => {
    const admins = await t.db.selectFrom('staff').select('email').where('role', '=', 'admin').execute();
    expect(admins).toEqual([{ email: 'first-admin@example.com' }]);
    const admin = await s.enrolled('admin', 'second-admin@example.com');
    const firstId = await idOf('first-admin@example.com');
    const ownId = await idOf('second-admin@example.com');
    expect(
      (
        await s.as(admin, {
          method: 'PATCH',
          url: `/studio/api/staff/${firstId}`,
          payload: { disabled: true },
        })
      ).statusCode,
    ).toBe(200);
    const demoteSelf = await s.as(admin, {
      method: 'PATCH',
      url: `/studio/api/staff/${ownId}`,
      payload: { role: 'editor' },
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.data.msg).toMatch(/last enabled admin/);
    const disableSelf = await s.as(admin, {
      method: 'PATCH',
      url: `/studio/api/staff/${ownId}`,
      payload: { disabled: true },
    });
    expect(disableSelf.statusCode).toBe(409);
    // Enabling the first one again makes room.
    expect(
      (
        await s.as(admin, {
          method: 'PATCH',
          url: `/studio/api/staff/${firstId}`,
          payload: { disabled: false },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await s.as(admin, {
          method: 'PATCH',
          url: `/studio/api/staff/${ownId}`,
          payload: { role: 'publisher' },
        })
      ).statusCode,
    ).toBe(200);
    // A publisher reads the audit log but changes no account.
    expect((await s.as(admin, { method: 'GET', url: '/studio/api/audit' })).statusCode).toBe(200);
    expect((await s.as(admin, { method: 'GET', url: '/studio/api/staff' })).statusCode).toBe(403);
  });

  it('lists when each account last signed in; the audit log names who acted, newest first, in pages', async () => {
    const admin = await s.enrolled('admin', 'lister@example.com');
    await s.account('editor', 'never-signed-in@example.com');
    const list = (await s.as(admin, { method: 'GET', url: '/studio/api/staff' })).data.staff as {
      email: string;
      last_sign_in_at: string | null;
    }[];
    expect(list.find((a) => a.email === 'never-signed-in@example.com')?.last_sign_in_at).toBeNull();
    expect(list.find((a) => a.email === 'lister@example.com')?.last_sign_in_at).toBe(
      t.clock.now().toISOString(),
    );

    const page = async (query: string) =>
      (await s.as(admin, { method: 'GET', url: `/studio/api/audit?${query}` })).data as {
        entries: { id: number; action: string; actor_name: string | null; actor_email: string | null }[];
        next_before: string | null;
      };
    const first = await page('limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]?.id).toBeGreaterThan(first.entries[1]?.id ?? Infinity);
    const older = await page(`limit=2&before=${first.next_before}`);
    expect(older.entries[0]?.id).toBeLessThan(first.entries[1]?.id ?? 0);
    const signIns = await page('action=sign-in.success');
    expect(signIns.entries[0]).toMatchObject({ actor_email: 'lister@example.com', actor_name: 'Test admin' });
    expect(signIns.entries.every((e) => e.action === 'sign-in.success')).toBe(true);
    const made = await page('action=staff.created');
    expect(made.entries.find((e) => e.actor_email === 'command line')?.actor_name).toBeNull();
  });

  it('a person changes their own password with the current one; their other sessions end', async () => {
    const who = await s.enrolled('editor', 'changer@example.com');
    t.clock.advance(30_000);
    const ticket = String((await s.signIn(who.email, who.password)).data.ticket);
    const second = await s.secondFactor(ticket, totpCode(who.secret, t.clock.now()));
    const otherSession = { cookie: s.cookieOf(second, 'examflow_studio'), csrf: '' };
    expect((await s.as(otherSession, { method: 'GET', url: '/studio/api/account/session' })).statusCode).toBe(
      200,
    );
    const wrong = await s.as(who, {
      method: 'POST',
      url: '/studio/api/account/password',
      payload: { current_password: 'not-the-password', new_password: 'a new long password' },
    });
    expect(wrong.statusCode).toBe(403);
    const ok = await s.as(who, {
      method: 'POST',
      url: '/studio/api/account/password',
      payload: { current_password: who.password, new_password: 'a new long password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await s.as(who, { method: 'GET', url: '/studio/api/account/session' })).statusCode).toBe(200);
    expect((await s.as(otherSession, { method: 'GET', url: '/studio/api/account/session' })).statusCode).toBe(
      401,
    );
    expect((await s.signIn(who.email, who.password)).statusCode).toBe(401);
    expect((await s.signIn(who.email, 'a new long password')).statusCode).toBe(200);
    expect((await s.audited('password.changed')).at(-1)?.actor_email).toBe(who.email);
  });
});

describe('npm run studio:user', () => {
  it('creates an account and resets its password on the database of DATA_DIR, audited as the command line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-studio-user-'));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/studio-user.ts', ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
    try {
      const created = await run('create', '--email', 'cli@example.com', '--name', 'C L I', '--role', 'admin');
      const password = /Password \(shown once\): (\S+)/.exec(created.stdout)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const reset = await run('reset-password', '--email', 'CLI@example.com', '--reset-second-factor');
      expect(reset.stdout).toMatch(/New password for cli@example.com/);
      const db = createDb({ sqliteFile: sqliteFileIn(dataDir) });
      const log = await db
        .selectFrom('staff_audit')
        .select(['actor_email', 'action'])
        .orderBy('id')
        .execute();
      await db.destroy();
      expect(log).toEqual([
        { actor_email: 'command line', action: 'staff.created' },
        { actor_email: 'command line', action: 'password.reset' },
        { actor_email: 'command line', action: 'second-factor.reset' },
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
