// Graceful shutdown for a server process: on SIGTERM or SIGINT stop taking new
// connections, let the requests in flight finish, close the database pool (the app's onClose), and
// exit 0 — or exit 1 after SHUTDOWN_TIMEOUT_MS (default 10 s) if something still hangs, so a process
// manager is never left waiting. A second signal does not cut the requests short: the timer does.
import type { FastifyInstance } from 'fastify';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** How often a closing server drops connections that have gone idle. */
const SWEEP_MS = 50;

export function shutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.SHUTDOWN_TIMEOUT_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

/** Closes the apps (with their databases, and `alsoClose`) on SIGTERM/SIGINT and exits. */
export function exitGracefullyOnSignals(
  apps: FastifyInstance[],
  {
    timeoutMs = shutdownTimeoutMs(),
    quiet = false,
    alsoClose,
  }: { timeoutMs?: number; quiet?: boolean; alsoClose?: () => Promise<void> } = {},
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    if (!quiet) console.log(`${signal}: no new connections; finishing the requests in flight…`);
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting.`);
      process.exit(1);
    }, timeoutMs).unref();
    // close() drops the connections idle at that moment; a keep-alive connection whose request was
    // still in flight goes idle after its answer and would hold the close until the client lets go.
    setInterval(() => {
      for (const app of apps) app.server.closeIdleConnections();
    }, SWEEP_MS).unref();
    Promise.all([...apps.map((app) => app.close()), alsoClose?.()]).then(
      () => {
        if (!quiet) console.log(`Closed in ${Date.now() - started} ms.`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
}
