import { describe, expect, it } from 'vitest';
import { latestRequests } from './latest-request';

/** A server whose answers the test releases one by one. */
function server() {
  const calls: { request: string; answer: (value: string) => void; signal: AbortSignal }[] = [];
  const run = (request: string, signal: AbortSignal) =>
    new Promise<string>((resolve) => calls.push({ request, answer: resolve, signal }));
  return { calls, run };
}
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('latestRequests', () => {
  it('keeps one request in flight and sends only the newest of those asked meanwhile', async () => {
    const { calls, run } = server();
    const shown: string[] = [];
    const latest = latestRequests(run, { answer: (a) => shown.push(a), failed: () => {} });
    expect(latest.want('a')).toBe(true);
    expect(latest.want('a')).toBe(false); // the same draft twice: asked once
    latest.want('b');
    latest.want('c');
    expect(calls.map((c) => c.request)).toEqual(['a']);
    calls[0]?.answer('A');
    await settle();
    expect(shown).toEqual(['A']);
    expect(calls.map((c) => c.request)).toEqual(['a', 'c']);
    calls[1]?.answer('C');
    await settle();
    expect(shown).toEqual(['A', 'C']);
  });

  it('drops the waiting request when the draft goes back to the one in flight, and stops', async () => {
    const { calls, run } = server();
    const shown: string[] = [];
    const latest = latestRequests(run, { answer: (a) => shown.push(a), failed: () => {} });
    latest.want('a');
    latest.want('b');
    latest.want('a'); // undone
    calls[0]?.answer('A');
    await settle();
    expect(calls).toHaveLength(1);
    latest.want('d');
    latest.stop();
    expect(calls[1]?.signal.aborted).toBe(true);
    calls[1]?.answer('D');
    await settle();
    expect(shown).toEqual(['A']);
    expect(latest.want('e')).toBe(false);
  });
});
