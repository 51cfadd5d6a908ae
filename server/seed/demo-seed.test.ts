// The demo students (README, dates of birth public) exist only while the sandbox is on: a server
// with the sandbox off seeds none, and refuses a database that already holds them. (Each test
// opens its own database: on PostgreSQL that takes seconds, hence the longer timeouts.)
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { configFromEnv } from '../config';
import { testApp, type TestApp } from '../../tests/support/server-harness';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

const demoLogin = { roll_number: '250000000001', date_of_birth: '05/01/2008' };

describe('demo students', () => {
  it('are seeded with the sandbox on', async () => {
    const t = await testApp();
    opened.push(t);
    const reply = await t.call({ method: 'POST', url: '/api/login', payload: demoLogin });
    expect(reply.statusCode).toBe(200);
  });

  it('are not seeded with the sandbox off, while the reference data is', async () => {
    const t = await testApp({ config: configFromEnv({ NODE_ENV: 'production', LOG: 'off' }) });
    opened.push(t);
    expect(t.app.ctx.config.sandbox).toBe(false);
    const reply = await t.call({ method: 'POST', url: '/api/login', payload: demoLogin });
    expect(reply.statusCode).toBe(401);
    const students = await t.db.selectFrom('students').select('id').execute();
    expect(students).toEqual([]);
    expect((await t.db.selectFrom('commerce_fee_waivers').select('roll_number').execute()).length).toBe(0);
    expect((await t.db.selectFrom('exam_papers').select('code').execute()).length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('states').select('tid').execute()).length).toBeGreaterThan(0);
    expect((await t.call({ method: 'GET', url: '/sandbox/messages' })).statusCode).toBe(404);
  });

  it('make a server with the sandbox off refuse to start on their database', async () => {
    const t = await testApp();
    opened.push(t);
    const production = { ...t.app.ctx.config, sandbox: false };
    await expect(buildApp({ db: t.db, config: production })).rejects.toThrow(
      'This database holds the sandbox demo students',
    );
    // The same database with the sandbox on starts, and seeds nothing twice.
    const again = await buildApp({ db: t.db, config: t.app.ctx.config });
    await again.close();
    const count = await t.db.selectFrom('students').select('id').execute();
    expect(count.length).toBe(15);
  });
});
