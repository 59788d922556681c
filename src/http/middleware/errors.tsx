// Maps errors to answers: JSON { error } for the API, the HTML error page for pages; never a stack.

import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, RangeNotSatisfiableError, TooManyRequestsError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { InvalidKeyError } from '../../storage/media-store.ts';
import { isApiPath } from '../context.ts';
import { ErrorPage, NotFoundPage } from '../pages/ErrorPages.tsx';

const STATUS_TEXT: Partial<Record<number, string>> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request too large',
  415: 'Unsupported media type',
  500: 'Internal server error',
  503: 'Service unavailable',
};

function describe(error: unknown): { status: ContentfulStatusCode; message: string } {
  if (error instanceof AppError) return { status: error.status as ContentfulStatusCode, message: error.message };
  if (error instanceof InvalidKeyError) return { status: 404, message: 'Not found' };
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    // Hono's own exceptions carry framework wording; answer with ours.
    return { status, message: STATUS_TEXT[status] ?? (status < 500 ? 'Bad request' : 'Internal server error') };
  }
  return { status: 500, message: 'Internal server error' };
}

/**
 * Error pages are static (decision 0002), except 403: like the users' "Not authorised" pages, it
 * answers a visitor who is inside the site and stays there, so it keeps the whole shell (Lock Site
 * and the lockout countdown). Rendered before the gate ran (a refused cross-site post), the shell
 * shows no such parts anyway.
 */
async function renderPage(c: Context, status: ContentfulStatusCode, message: string): Promise<Response> {
  c.status(status);
  try {
    return await c.render(<ErrorPage status={status} message={message} requestId={c.get('requestId') ?? ''} />, {
      title: status >= 500 ? 'Something went wrong' : status === 403 ? 'Not authorised' : 'Error',
      staticPage: status !== 403,
    });
  } catch {
    // The renderer itself failed: fall back to plain text so the visitor still gets an answer.
    return c.text(`${status} ${message}`, status);
  }
}

/** The headers an error's answer carries besides its status (one place for API, pages and forms). */
export function applyErrorHeaders(c: Context, error: unknown): void {
  if (error instanceof TooManyRequestsError) c.header('Retry-After', String(error.retryAfterSeconds));
  if (error instanceof RangeNotSatisfiableError) c.header('Content-Range', `bytes */${error.size}`);
}

/** The body ended early: the client closed the connection before sending all it announced. */
export const BODY_CUT_SHORT = 'The request body ended before its announced length';

/**
 * Whether reading the body failed because the client went away (it announced a Content-Length,
 * sent less and closed): Bun then rejects the read with an AbortError.
 */
function clientWentAway(error: unknown, c: Context): boolean {
  return error instanceof Error && error.name === 'AbortError' && (c.req.raw.signal.aborted || /connection was closed/i.test(error.message));
}

export const onError =
  (logger: Logger): ErrorHandler =>
  async (error, c) => {
    if (clientWentAway(error, c)) {
      // Nobody is left to read the answer; not the hub's fault, so no ERROR line.
      logger.debug('client closed the connection before sending its body', { id: c.get('requestId'), method: c.req.method, path: c.req.path });
      return isApiPath(c.req.path) ? c.json({ error: BODY_CUT_SHORT }, 400) : c.text(`400 ${BODY_CUT_SHORT}`, 400);
    }
    const { status, message } = describe(error);
    if (status >= 500) {
      logger.error('unhandled error', {
        id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      if (error instanceof Error && error.stack) logger.debug(error.stack);
    }
    applyErrorHeaders(c, error);
    if (isApiPath(c.req.path)) return c.json({ error: message }, status);
    return renderPage(c, status, message);
  };

export const notFound = (): NotFoundHandler => async (c) => {
  if (isApiPath(c.req.path)) return c.json({ error: 'Not found' }, 404);
  c.status(404);
  return c.render(<NotFoundPage />, { title: 'Page not found', staticPage: true });
};
