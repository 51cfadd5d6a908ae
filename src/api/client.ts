// The one HTTP client of the portal. Failures become an ApiRequestError whose message is the text
// the spec says to show (part 2 §8):
// - a failed GET: the server's message (or its body), else "An error occurred while fetching the data.";
// - a failed POST/PUT: the answer's message or msg, else "Something went wrong" when the server
//   answered, else "Sorry, couldn't process request. Please try again." when it could not be reached.
// An answer whose body says success "false" is a failure whatever its HTTP status: the provider's
// contract answers failures with a 200 (part 1 §7), so a 2xx saying so is refused here, once, for
// every call, with the answer's message, as a 4xx would be. The few calls whose success "false" is
// an answer the caller reads (a registration already complete, the result's own failure message)
// say so with `refusalIsAnswer`.
// Every request names the page's locale (Accept-Language), so the server's own messages come in it.
import { takeEarlyRead } from './early-reads';
import { pageLocale, requestHeaders, type HeaderOptions } from './request-headers';

export const GET_FAILED = 'An error occurred while fetching the data.';
export const POST_FAILED = 'Something went wrong';
export const UNREACHABLE = "Sorry, couldn't process request. Please try again.";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached; a 2xx when its body said success "false". */
    readonly status: number,
    /** The parsed answer, when there was one (e.g. error_code, data). */
    readonly body: Record<string, unknown> | undefined,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export { pageLocale };

export interface RequestOptions extends HeaderOptions {
  signal?: AbortSignal;
  /** Base URL for calls from outside a browser page (tests, scripts). */
  baseUrl?: string;
  /** A 2xx whose body says success "false" is an answer the caller reads, not a failure. */
  refusalIsAnswer?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT';

/** The body says the call failed (success "false", or false), whatever the HTTP status. */
function saysFailure(body: Record<string, unknown> | undefined): boolean {
  return body?.success === 'false' || body?.success === false;
}

function messageOf(body: Record<string, unknown> | undefined): string | undefined {
  const text = body?.message ?? body?.msg;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

async function request<T>(
  method: Method,
  path: string,
  payload: unknown,
  options: RequestOptions,
): Promise<T> {
  const headers = requestHeaders(options, payload !== undefined);
  // The page's head may have asked this already (early-reads.ts): its answer is taken once.
  const early =
    method === 'GET' && !options.baseUrl && !options.signal ? takeEarlyRead(path, headers) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(`${options.baseUrl ?? ''}${path}`, {
        method,
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(method === 'GET' ? GET_FAILED : UNREACHABLE, 0, undefined);
  }
  const text = await response.text();
  let body: Record<string, unknown> | undefined;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  if (response.ok && (options.refusalIsAnswer || !saysFailure(body))) return body as T;
  const fallback = method === 'GET' ? (text && !body ? text : GET_FAILED) : POST_FAILED;
  throw new ApiRequestError(messageOf(body) ?? fallback, response.status, body);
}

export const apiGet = <T>(path: string, options: RequestOptions = {}) =>
  request<T>('GET', path, undefined, options);
export const apiPost = <T>(path: string, payload: unknown, options: RequestOptions = {}) =>
  request<T>('POST', path, payload ?? {}, options);
export const apiPut = <T>(path: string, payload: unknown, options: RequestOptions = {}) =>
  request<T>('PUT', path, payload ?? {}, options);

/** The key swr caches a GET under (the path and who asks). */
export const swrKey = (path: string, token?: string) => (token ? [path, token] : [path]);
