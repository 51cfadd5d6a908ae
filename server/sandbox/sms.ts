// SMS: the sandbox provider records each message (server log + GET /sandbox/messages) instead of
// sending it. There is no real gateway here; without the sandbox, sending fails clearly.
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../api/errors';
import { sortableId } from '../auth/tokens';
import { iso } from '../timestamps';
import type { Db } from '../db/database';
import { message } from '../api/messages';

export interface SmsProvider {
  send(mobile: string, text: string, otp?: string): Promise<void>;
}

export function sandboxSms(db: Db, log: FastifyBaseLogger, now: () => Date): SmsProvider {
  return {
    async send(mobile, text, otp) {
      const at = now();
      await db
        .insertInto('sms_messages')
        .values({ id: sortableId(at), mobile, text, otp: otp ?? null, sent_at: iso(at) })
        .execute();
      log.info({ sandbox: 'sms', mobile, text }, 'sandbox SMS');
    },
  };
}

export const noSms: SmsProvider = {
  async send() {
    throw new ApiError(503, message('sms.unavailable'));
  },
};
