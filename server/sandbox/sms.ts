// SMS in the sandbox: the provider records each message (server log + GET /sandbox/messages)
// instead of sending it. Its outbox (sms_messages) is the sandbox's own table, written and read only
// here: the one sandbox file that holds the database handle. A sandbox switch (POST /sandbox/sms/settings) makes it fail or answer
// slowly; like every provider it runs behind the time limit of server/services/sms.ts.
import type { FastifyBaseLogger } from 'fastify';
import { sortableId } from '../auth/tokens';
import { iso } from '../timestamps';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { SmsMessagesTable } from '../db/tables/core';
import type { SmsFaultSettings, SmsFaults, SmsProvider } from '../services/sms';

/** "take 10 s": longer than the default timeout. */
export const SANDBOX_SLOW_MS = 10_000;

export function smsFaults(): SmsFaults {
  let current: SmsFaultSettings = { mode: 'none', slowMs: SANDBOX_SLOW_MS, mobile: null };
  return {
    settings: () => current,
    set(settings) {
      current = { ...current, ...settings };
      return current;
    },
  };
}

/** Resolves after ms, or rejects as soon as the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

export function sandboxSms(db: Db, log: FastifyBaseLogger, now: () => Date): SmsProvider {
  const faults = smsFaults();
  return {
    faults,
    async send(mobile, text, otp, signal) {
      const { mode: faultMode, slowMs, mobile: only } = faults.settings();
      const mode = only === null || only === mobile ? faultMode : 'none';
      if (mode === 'fail') throw new Error('sandbox SMS provider: failing (sandbox switch)');
      // A slow provider that the caller gave up on sends nothing: the outbox never shows a code
      // the server has already withdrawn.
      if (mode === 'slow') await pause(slowMs, signal);
      const at = now();
      await db
        .insertInto('sms_messages')
        .values({ id: sortableId(at), mobile, text, otp: otp ?? null, sent_at: iso(at) })
        .execute();
      log.info({ sandbox: 'sms', mobile, text }, 'sandbox SMS');
    },
  };
}

/** The outbox, newest first (ids sort by time): the last 100 messages, or the last 100 to a mobile. */
export async function sandboxOutbox(
  ctx: Pick<AppContext, 'db'>,
  mobile?: string,
): Promise<Pick<SmsMessagesTable, 'mobile' | 'text' | 'otp' | 'sent_at'>[]> {
  let query = ctx.db.selectFrom('sms_messages').select(['mobile', 'text', 'otp', 'sent_at']);
  if (mobile) query = query.where('mobile', '=', mobile);
  return query.orderBy('id', 'desc').limit(100).execute();
}
