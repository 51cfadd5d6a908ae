// Shared by the client's tests: a real server on a free port, the failure of a call, and the last
// OTP the sandbox SMS log holds for a mobile.
import type { SandboxMessagesReply } from '../../generated/api/sandbox-messages';
import type { TestApp } from '../../../tests/support/server-harness';
import { ApiRequestError } from '../client';

/** Listens on a free loopback port; returns the base URL to pass to the fetchers. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
}

/** The ApiRequestError a call fails with (the test fails when the call succeeds). */
export async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

export async function lastOtp(t: TestApp, mobile: string): Promise<string> {
  const messages = (await t.call({ method: 'GET', url: `/sandbox/messages?mobile=${mobile}` }))
    .data as unknown as SandboxMessagesReply;
  const otp = messages[0]?.otp;
  if (!otp) throw new Error(`no OTP sent to ${mobile}`);
  return otp;
}
