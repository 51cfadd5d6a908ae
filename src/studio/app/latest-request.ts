// The preview's requests: each draft asks at once (no timer of its own: the form's held typing
// already waits for the typist's pause), at most one request is in flight, and while one is, only
// the newest draft waits for it, so a slow render never queues a backlog of drafts nobody will see.

export interface LatestRequests<Q> {
  /** Asks for `request`, unless it is the one asked for last; whether an answer will come for it. */
  want(request: Q): boolean;
  /** No more answers: the one in flight is aborted and the waiting one dropped. */
  stop(): void;
}

export function latestRequests<Q, A>(
  run: (request: Q, signal: AbortSignal) => Promise<A>,
  deliver: {
    /** An answer, in the order the requests were sent (each newer than the one shown before). */
    answer(answer: A, request: Q): void;
    failed(error: Error, request: Q): void;
  },
  /** Two requests with the same key are the same request. */
  keyOf: (request: Q) => string = (request) => JSON.stringify(request),
): LatestRequests<Q> {
  let lastKey: string | undefined;
  let inFlight: AbortController | undefined;
  let inFlightKey: string | undefined;
  let waiting: { request: Q; key: string } | undefined;
  let stopped = false;

  const send = (request: Q, key: string) => {
    const controller = new AbortController();
    inFlight = controller;
    inFlightKey = key;
    run(request, controller.signal)
      .then(
        (answer) => {
          if (!controller.signal.aborted) deliver.answer(answer, request);
        },
        (error: Error) => {
          if (!controller.signal.aborted) deliver.failed(error, request);
        },
      )
      .finally(() => {
        if (inFlight !== controller) return;
        inFlight = undefined;
        const next = waiting;
        waiting = undefined;
        if (next !== undefined && !stopped) send(next.request, next.key);
      });
  };

  return {
    want(request) {
      if (stopped) return false;
      const key = keyOf(request);
      if (key === lastKey) return false;
      lastKey = key;
      // Back to the draft in flight (an undo): its answer is the one to show.
      if (inFlight) waiting = key === inFlightKey ? undefined : { request, key };
      else send(request, key);
      return true;
    },
    stop() {
      stopped = true;
      waiting = undefined;
      inFlight?.abort();
      inFlight = undefined;
    },
  };
}
