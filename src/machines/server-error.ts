// What the machines read from a rejected actor. Actors reject with whatever the app's client throws
// (ApiRequestError carries the parsed answer as `body`); machines may not import the client, so
// they read the answer by shape. Only a message the server wrote counts: the spec's fallbacks
// ("Invalid", "Something went wrong.") differ per screen, so the caller supplies them.

function bodyOf(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined;
  const body = (error as { body: unknown }).body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
}

/** The server's `msg` (or `message`) of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const body = bodyOf(error);
  const text = body?.msg ?? body?.message;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/** The server's `error_code` of a failed call (1: wrong OTP), when it sent one. */
export function serverErrorCode(error: unknown): number | undefined {
  const code = bodyOf(error)?.error_code;
  return typeof code === 'number' ? code : undefined;
}

/** Whether the server refused the call itself (a 4xx with its own sentence), not a failure to answer. */
export function serverRefused(error: unknown): boolean {
  const status =
    typeof error === 'object' && error !== null && 'status' in error
      ? (error as { status: unknown }).status
      : 0;
  return typeof status === 'number' && status >= 400 && status < 500 && serverMessage(error) !== undefined;
}
