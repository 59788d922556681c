// A small HTTP(S) server on a loopback address for tests of outbound fetches: routes by path, and
// a record of every connection and request it saw, so a test can assert that nothing arrived.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export type FixtureHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FixtureServer {
  port: number;
  /** "127.0.0.1:<port>": the FETCH_ALLOW_HOSTS entry that lets the fetcher reach it. */
  hostPort: string;
  origin: string;
  /** "GET /path" for every request, in order. */
  requests: string[];
  /** Host header and TLS server name of each request. */
  hosts: Array<{ host: string | undefined; servername?: string }>;
  connections: number;
  route(path: string, handler: FixtureHandler): void;
  close(): Promise<void>;
}

const TLS_DIR = path.join(import.meta.dir, '..', 'fixtures', 'tls');
/** The test certificate for fixture.test (see test/fixtures/tls/README.md). */
export const FIXTURE_CA = readFileSync(path.join(TLS_DIR, 'fixture-cert.pem'), 'utf8');

export async function startFixtureServer(options: { tls?: boolean; host?: string } = {}): Promise<FixtureServer> {
  const routes = new Map<string, FixtureHandler>();
  const requests: string[] = [];
  const hosts: FixtureServer['hosts'] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    hosts.push({ host: req.headers.host, ...(options.tls ? { servername: (req.socket as { servername?: string }).servername } : {}) });
    const route = routes.get((req.url ?? '/').split('?')[0]!);
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  };
  const server = options.tls
    ? https.createServer({ key: readFileSync(path.join(TLS_DIR, 'fixture-key.pem')), cert: FIXTURE_CA }, handler)
    : http.createServer(handler);
  const sockets = new Set<import('node:net').Socket>();
  const fixture = { connections: 0 } as FixtureServer;
  server.on(options.tls ? 'secureConnection' : 'connection', (socket) => {
    fixture.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fixture, {
    port,
    hostPort: `${host}:${port}`,
    origin: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    requests,
    hosts,
    route: (p: string, h: FixtureHandler) => void routes.set(p, h),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
