// A held load at a steady rate, for the benches' "p99 at N per second" figures: one request every
// 1/rate s (open loop), each timed from when it was due, so a stall counts against every request
// behind it (no coordinated omission) — and no bursts. autocannon's overallRate sends each
// connection's share of a second at the start of the second, back to back, and corrects for
// coordinated omission as if requests were due every millisecond (Math.ceil(1 / rate)): its p99 at
// a held rate measures its own bursts. autocannon stays for the flat-out runs.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedOptions {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A body per request (a new one each time). */
  body?: () => string;
  /** Requests per second. */
  rate: number;
  seconds: number;
  /** Most connections open at once (keep-alive). */
  sockets?: number;
}

export interface PacedResult {
  /** Answered requests per second. */
  perS: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function paced(base: string, options: PacedOptions): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.sockets ?? 64 });
  const url = new URL(options.path, base);
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let pending = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));

  const fire = (due: number) => {
    pending++;
    const body = options.body?.();
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent,
        headers: { ...options.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
          if (--pending === 0 && sent === total) finish();
        });
      },
    );
    req.on('error', () => {
      errors++;
      if (--pending === 0 && sent === total) finish();
    });
    req.end(body);
  };

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) fire(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  if (pending > 0) await done;
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perS: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    non2xx,
    errors,
  };
}
