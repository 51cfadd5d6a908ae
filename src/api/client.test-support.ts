// One canned HTTP answer through the real client, for the tests of the flows that consume it: an
// endpoint's fetcher called with it gets exactly the reply, or the ApiRequestError, the app's
// actors pass on to a machine (no server, no fake error built by hand).
import { vi } from 'vitest';
import type { RequestOptions } from './client';

/** The provider's failure as part 1 §7 shows it: HTTP 200, success "false" and a msg. */
export const refusal = (msg: string, extra: Record<string, unknown> = {}) => ({
  success: 'false',
  msg,
  ...extra,
});

/** `call` (an endpoint's fetcher given these options) answered once with `body` and `status`. */
export async function answeredWith<T>(
  body: unknown,
  call: (options: RequestOptions) => Promise<T>,
  status = 200,
): Promise<T> {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValueOnce(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  try {
    return await call({ baseUrl: 'http://canned.test' });
  } finally {
    fetch.mockRestore();
  }
}
