// E-mail: the sandbox provider keeps each message (server log + GET /sandbox/emails) instead of
// sending it, as the SMS provider does. No real mail service here; without the sandbox, sending
// fails clearly.
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../api/errors';
import { message } from '../api/messages';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

export interface EmailProvider {
  send(to: string, subject: string, text: string): Promise<void>;
  /** What was sent, newest first (the sandbox's record; empty for a real provider). */
  sent(): readonly EmailMessage[];
}

/** The last 200 messages in memory: the sandbox is one process, and its mail is for looking at. */
export function sandboxEmail(log: FastifyBaseLogger, now: () => Date): EmailProvider {
  const kept: EmailMessage[] = [];
  return {
    async send(to, subject, text) {
      kept.unshift({ to, subject, text, sent_at: now().toISOString() });
      kept.length = Math.min(kept.length, 200);
      log.info({ sandbox: 'email', to, subject }, 'sandbox e-mail');
    },
    sent: () => kept,
  };
}

export const noEmail: EmailProvider = {
  async send() {
    throw new ApiError(503, message('email.unavailable'));
  },
  sent: () => [],
};
