// The real database: the suite runs on the one it was asked for, and a restarted server keeps
// every registration, order and session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { configFromEnv, type ServerConfig } from '../config';
import { createOrder, confirmOrder, onOrderPaid } from '../payments/orders';
import { freshPostgresDatabase, testApp } from '../../tests/support/server-harness';
import { isPostgres } from './database';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup(); // apps close before their database is dropped
});

describe('database', () => {
  it('is PostgreSQL when TEST_DATABASE_URL is set, SQLite otherwise', async () => {
    const t = await testApp();
    cleanups.push(() => t.close());
    expect(isPostgres(t.db)).toBe(Boolean(process.env.TEST_DATABASE_URL));
  });

  it('keeps sessions, registrations and orders across a restart', async () => {
    const base = configFromEnv({ NODE_ENV: 'test', LOG: 'off' });
    let config: ServerConfig;
    if (process.env.TEST_DATABASE_URL) {
      const { url, drop } = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
      config = { ...base, databaseUrl: url };
      cleanups.push(drop);
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-restart-'));
      config = { ...base, databaseUrl: undefined, dataDir };
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    }

    const first = await buildApp({ config });
    const login = await first.inject({
      method: 'POST',
      url: '/api/login',
      payload: { roll_number: '250000000001', date_of_birth: '05/01/2008' },
    });
    const token = String(login.json().token);
    const order = await createOrder(first.ctx, {
      studentId: 'demo-250000000001',
      kind: 'mock',
      amount: 50,
      paymentMethod: 'paytm',
      productId: 'sample-pack',
      returnPath: '/dashboard',
    });
    await confirmOrder(first.ctx, order.order_id, 'paid', 'TXN1');
    const students = await first.ctx.db.selectFrom('students').select('id').execute();
    await first.close();

    const second = await buildApp({ config });
    cleanups.push(() => second.close());
    const session = await second.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(
      (
        await second.inject({
          method: 'GET',
          url: `/api/orders/${order.order_id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.status,
    ).toBe('paid');
    expect(await second.ctx.db.selectFrom('students').select('id').execute()).toEqual(students); // not re-seeded
  });

  it('rolls a failed confirmation back whole: the order stays unpaid', async () => {
    const t = await testApp();
    cleanups.push(() => t.close());
    onOrderPaid(t.app.ctx, 'mock', async () => {
      throw new Error('the effect failed half-way');
    });
    const order = await createOrder(t.app.ctx, {
      studentId: 'demo-250000000001',
      kind: 'mock',
      amount: 50,
      paymentMethod: 'paytm',
      productId: 'sample-pack',
      returnPath: '/dashboard',
    });
    await expect(confirmOrder(t.app.ctx, order.order_id, 'paid', 'TXN2')).rejects.toThrow(
      'the effect failed half-way',
    );
    const row = await t.db
      .selectFrom('orders')
      .select(['status', 'confirmed_at'])
      .where('id', '=', order.order_id)
      .executeTakeFirst();
    expect(row).toEqual({ status: 'created', confirmed_at: null });
  });
});
