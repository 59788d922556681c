// The islands' one client for the JSON API: cookies sent, JSON asked for and sent, and every
// outcome turned into a value an island can show (the spec's error catalogue decides the texts).

/** What a request came to. `status` is 0 when no answer arrived at all (network failure, abort). */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface ApiSuccess<T> {
  ok: true;
  value: T;
  status: number;
  /** The X-Total-Count header (lists that are paged), or null when the answer has none. */
  total: number | null;
}

export interface ApiFailure {
  ok: false;
  /** The server's error field as-is; else the caller's fallback; else `Network error: ...`. */
  message: string;
  status: number;
  /** The server's error field, when its answer had one (`message` is then this text). */
  error?: string;
  /** What was thrown: the network error, or the JSON parse error of an unreadable answer. */
  cause?: unknown;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (with Content-Type: application/json) when given. */
  body?: unknown;
  /** Extra headers (for example x-site-token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Shown when the server answers with an error status (or an unreadable answer) and no error text. */
  fallback: string;
}

/** The spec's text for a request that got no answer. */
export const networkErrorText = (message: string) => `Network error: ${message}`;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The answer's error field, when it is a non-empty string. */
function errorField(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const error = (answer as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

function totalCount(headers: Headers | undefined): number | null {
  // Optional chaining: stand-in responses in tests may come without headers.
  const raw = headers?.get('x-total-count');
  if (raw == null || raw.trim() === '') return null;
  const total = Number(raw);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

/**
 * Sends one request and reads its JSON answer. A server answer carrying an `error` field gives
 * that text as-is (even with a 2xx status); an error status without one gives `fallback`; a
 * request that got no answer gives `Network error: ...`. A 204 is a success with no value.
 */
export async function api<T = unknown>(path: string, request: ApiRequest): Promise<ApiResult<T>> {
  const { method = 'GET', body, headers = {}, signal, fallback } = request;
  const sent: Record<string, string> = { accept: 'application/json', ...headers };
  if (body !== undefined) sent['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: sent,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    return { ok: false, status: 0, message: networkErrorText(messageOf(cause)), cause };
  }
  const { status } = response;
  if (status === 204 && response.ok) return { ok: true, status, value: undefined as T, total: totalCount(response.headers) };
  let answer: unknown;
  try {
    answer = await response.json();
  } catch (cause) {
    return { ok: false, status, message: fallback, cause };
  }
  const error = errorField(answer);
  if (error !== null) return { ok: false, status, message: error, error };
  if (!response.ok) return { ok: false, status, message: fallback };
  return { ok: true, status, value: answer as T, total: totalCount(response.headers) };
}
