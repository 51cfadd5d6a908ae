// @vitest-environment jsdom
// The swr hooks against the real server: a null parameter fetches nothing (a select whose parent is
// empty), a set one fetches and caches under the endpoint's key.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useExamCentres } from './exam-centres';
import { useExamSlots } from './exam-slots';
import { login } from './login';
import { usePincode } from './pincode';
import { useSession } from './session';

// The server runs in a child process: under jsdom, Vite rewrites the server's
// `new URL(…, import.meta.url)` module paths for the browser, so it cannot be imported here. The
// child is the same testApp() on a real port, and prints every request it receives.
const harness = path.resolve(__dirname, '../../../tests/support/server-harness.ts');
const serverScript = `
import { testApp } from ${JSON.stringify(harness)};
const t = await testApp({ start: new Date('2025-04-01T06:00:00Z') });
t.app.addHook('onRequest', async (request) => console.log(JSON.stringify({ request: request.url })));
await t.app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: t.app.server.address().port }));
`;

let server: ChildProcess | undefined;
let baseUrl = '';
let requests: string[] = [];
beforeAll(async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', serverScript], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  baseUrl = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) => reject(new Error(`the test server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { port?: number; request?: string };
        if (message.port) resolve(`http://127.0.0.1:${message.port}`);
        if (message.request) requests.push(message.request);
      }
    });
  });
});
afterAll(() => {
  server?.kill();
});
afterEach(() => {
  cleanup();
  requests = [];
});

// A fresh cache per render, so one test's answers never serve another's.
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

describe('endpoint hooks', () => {
  it('fetch when their parameters are known', async () => {
    const { result } = renderHook(() => useExamSlots({ exam_type: 'iACST' }, { baseUrl }), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.data[0]?.tid).toBe('online-9am-10pm');
    await waitFor(() => expect(requests).toEqual(['/api/exam/slots?exam_type=iACST']));
  });

  it('fetch nothing while a parent choice is missing', async () => {
    const { result } = renderHook(() => useExamCentres(null, { baseUrl }), { wrapper });
    const pin = renderHook(() => usePincode('4000', { baseUrl }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current.data).toBeUndefined();
    expect(result.current.isLoading).toBe(false);
    expect(pin.result.current.isLoading).toBe(false);
    expect(requests).toEqual([]);
  });

  it('surface the API error, and read the session with the token', async () => {
    const { result } = renderHook(() => usePincode('999999', { baseUrl }), { wrapper });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error?.message).toBe('Pincode not found');
    expect(result.current.error?.status).toBe(404);

    const { token } = await login({ roll_number: '250000000001', date_of_birth: '05/01/2008' }, { baseUrl });
    const session = renderHook(() => useSession(token, { baseUrl }), { wrapper });
    await waitFor(() => expect(session.result.current.data).toBeDefined());
    expect(session.result.current.data?.data.roll_number).toBe('250000000001');
    const none = renderHook(() => useSession(null, { baseUrl }), { wrapper });
    expect(none.result.current.isLoading).toBe(false);
  });
});
