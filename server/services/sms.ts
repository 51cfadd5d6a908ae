// Sending an SMS: the provider's contract, the time limit every provider runs behind (a request
// never waits longer than SMS_TIMEOUT_MS), and the provider when there is none. The sandbox's
// provider (server/sandbox/sms.ts) records messages instead of sending them; no real gateway is
// wired here, so without the sandbox sending fails clearly.
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../api/errors';
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

/** The provider could not send (it failed, or did not answer in time): nothing went out. */
export class SmsNotSent extends ApiError {
  constructor() {
    super(503, message('sms.failed'));
  }
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
