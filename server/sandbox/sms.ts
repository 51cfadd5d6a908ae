// SMS: the sandbox provider records each message (server log + GET /sandbox/messages) instead of
// sending it. There is no real gateway here; without the sandbox, sending fails clearly.
// A sandbox switch (POST /sandbox/sms/settings) makes the provider fail or answer slowly, and every
// provider runs behind a timeout (withTimeout): a request never waits longer than SMS_TIMEOUT_MS.
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../api/errors';
import { sortableId } from '../auth/tokens';
import { iso } from '../timestamps';
import type { Db } from '../db/database';
import { message } from '../api/messages';

export interface SmsProvider {
  /** Rejects when the message was not sent; `signal` aborts when the caller stops waiting. */
  send(mobile: string, text: string, otp?: string, signal?: AbortSignal): Promise<void>;
  /** The sandbox's fault switch (sandbox only). */
  faults?: SmsFaults;
}

/** How the sandbox provider behaves: normally, failing every send, or taking `slowMs` per send. */
export type SmsFaultMode = 'none' | 'fail' | 'slow';

export interface SmsFaultSettings {
  mode: SmsFaultMode;
  slowMs: number;
  /** Only sends to this number meet the fault (null: every send). */
  mobile: string | null;
}

/** A sandbox switch, in this process's memory (each server process has its own). */
export interface SmsFaults {
  settings(): SmsFaultSettings;
  set(settings: Partial<SmsFaultSettings>): SmsFaultSettings;
}

/** "take 10 s" (issue 25 §3): longer than the default timeout. */
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

/** The provider could not send (it failed, or did not answer in time): nothing went out. */
export class SmsNotSent extends ApiError {
  constructor() {
    super(503, message('sms.failed'));
  }
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

/**
 * The provider behind a time limit: a send that fails or takes longer than timeoutMs rejects with
 * SmsNotSent (logged), and the provider is told to stop (its signal aborts).
 */
export function withTimeout(provider: SmsProvider, timeoutMs: number, log: FastifyBaseLogger): SmsProvider {
  return {
    faults: provider.faults,
    async send(mobile, text, otp) {
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([provider.send(mobile, text, otp, controller.signal), late]);
      } catch (error) {
        controller.abort();
        if (error instanceof ApiError) throw error; // the provider's own answer (noSms)
        log.warn({ err: error, mobile }, 'SMS not sent');
        throw new SmsNotSent();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export const noSms: SmsProvider = {
  async send() {
    throw new ApiError(503, message('sms.unavailable'));
  },
};
