// Serves the app with Bun.serve and stops it gracefully: in-flight requests finish, then cleanup runs.

import type { Server } from 'bun';
import { MAX_REQUEST_BODY_BYTES } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startMemoryUpkeep } from './memory-upkeep.ts';
import { internalError, rawPath, refuse, requestProblem } from './request-guard.ts';

export interface RunningServer {
  server: Server<undefined>;
  url: URL;
  /** Stops accepting connections, waits for in-flight requests, then runs `onStopped`. Idempotent. */
  shutdown(reason: string): Promise<void>;
}

export { MAX_REQUEST_BODY_BYTES };

export function startServer(options: {
  fetch: (request: Request, server: Server<undefined>) => Response | Promise<Response>;
  port: number;
  hostname: string;
  logger: Logger;
  onStopped?: () => Promise<void>;
  /** Give in-flight requests this long before closing their connections. */
  drainTimeoutMs?: number;
}): RunningServer {
  const upkeep = startMemoryUpkeep({ pending: () => server.pendingRequests });
  const server: Server<undefined> = Bun.serve({
    // Requests the app could misread are refused before routing, and logged as the client sent them.
    async fetch(request, server) {
      upkeep.requestStarted();
      const problem = requestProblem(request);
      if (problem === null) return options.fetch(request, server);
      options.logger.info('request', { method: request.method, path: rawPath(request), status: 400, refused: problem });
      return refuse(problem);
    },
    // Only for failures the app did not answer itself; Bun's own 400/413/431 (unreadable requests)
    // are written before any code runs and cannot carry headers.
    async error(error) {
      options.logger.error('unhandled error', { error: `${error.name}: ${error.message}` });
      return internalError();
    },
    port: options.port,
    hostname: options.hostname,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    // Large media downloads and slow uploads must not be cut off by Bun's 10 s idle default.
    idleTimeout: 120,
  });
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    stopping ??= (async () => {
      options.logger.info('stopping', { reason, pending: server.pendingRequests });
      const drained = server.stop(false);
      const timeout = Bun.sleep(options.drainTimeoutMs ?? 25_000).then(() => 'timeout' as const);
      if ((await Promise.race([drained, timeout])) === 'timeout') {
        options.logger.warn('in-flight requests did not finish in time; closing them', { pending: server.pendingRequests });
        await server.stop(true);
      }
      upkeep.stop();
      await options.onStopped?.();
      options.logger.info('stopped');
    })();
    return stopping;
  };
  return { server, url: server.url, shutdown };
}
