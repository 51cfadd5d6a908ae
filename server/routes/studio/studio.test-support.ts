// Signing staff in to examflow Studio through its real routes, for the Studio's server tests.
import type { InjectOptions } from 'fastify';
import { totpCode } from '../../auth/staff-totp';
import { createStaff } from '../../services/staff/accounts';
import { COMMAND_LINE } from '../../services/staff/audit';
import type { StaffRole } from '../../db/tables/staff';
import type { TestApp } from '../../../tests/support/server-harness';

export const HOST = 'localhost:3000';
export const ORIGIN = `http://${HOST}`;

export interface SignedIn {
  email: string;
  password: string;
  secret: string;
  cookie: string;
  device: string;
  csrf: string;
  recoveryCodes: string[];
}

export function studio(t: TestApp) {
  const call = (options: InjectOptions & { ip?: string }) =>
    t.call({
      remoteAddress: options.ip ?? '10.20.0.1',
      ...options,
      headers: { host: HOST, ...options.headers },
    });
  const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
    response.cookies.find((c) => c.name === name)?.value ?? '';

  async function account(role: StaffRole, email: string): Promise<{ email: string; password: string }> {
    const { password } = await createStaff(
      t.app.ctx,
      { email, name: `Test ${role}`, role },
      {
        actor: COMMAND_LINE,
        ip: null,
      },
    );
    return { email, password };
  }

  const signIn = (email: string, password: string, options: { ip?: string; device?: string } = {}) =>
    call({
      method: 'POST',
      url: '/studio/api/account/sign-in',
      payload: { email, password },
      ip: options.ip,
      cookies: options.device ? { examflow_studio_device: options.device } : {},
    });

  const secondFactor = (ticket: string, code: string, ip?: string) =>
    call({ method: 'POST', url: '/studio/api/account/second-factor', payload: { ticket, code }, ip });

  /** A new account of this role, signed in for the first time (enrolled). */
  async function enrolled(role: StaffRole, email: string): Promise<SignedIn> {
    const { password } = await account(role, email);
    const first = await signIn(email, password);
    if (first.statusCode !== 200) throw new Error(`sign-in failed: ${first.body}`);
    const { secret } = first.data.enrolment as { secret: string };
    const done = await secondFactor(String(first.data.ticket), totpCode(secret, t.clock.now()));
    if (done.statusCode !== 200) throw new Error(`enrolment failed: ${done.body}`);
    return {
      email,
      password,
      secret,
      cookie: cookieOf(done, 'examflow_studio'),
      device: cookieOf(done, 'examflow_studio_device'),
      csrf: String(done.data.csrf_token),
      recoveryCodes: done.data.recovery_codes as string[],
    };
  }

  /** A request as the signed-in person's Studio page sends it. */
  const as = (who: Pick<SignedIn, 'cookie' | 'csrf'>, options: InjectOptions & { ip?: string }) =>
    call({
      ...options,
      cookies: { examflow_studio: who.cookie },
      headers: {
        ...(options.method === 'GET' ? {} : { 'x-csrf-token': who.csrf, origin: ORIGIN }),
        ...options.headers,
      },
    });

  /** The audit log's entries of one action, oldest first. */
  const audited = async (action: string) =>
    (
      await t.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('id').execute()
    ).map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));

  return { call, cookieOf, account, signIn, secondFactor, enrolled, as, audited };
}
