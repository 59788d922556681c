// A client that stops sending its body (announces Content-Length 1000, sends 10 bytes, closes) gets
// no 500 and leaves no ERROR line in the log, only a debug line (issue 22, finding 3): against a
// real listening hub over a raw TCP socket, for a JSON route, a multipart upload and the link import.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import net from 'node:net';
import { type SpawnedHub, spawnHub } from '../../test/helpers/spawn-hub.ts';

const SITE_PASSWORD = 'cut short site password';
const ADMIN = { username: 'root', password: 'root admin password' };
let hub: SpawnedHub;
let port: number;
let siteToken: string;
let token: string;

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  hub = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'debug' });
  port = Number(new URL(hub.url).port);
  siteToken = ((await (await fetch(`${hub.url}/api/site/verify-password`, json({ password: SITE_PASSWORD }))).json()) as { siteToken: string }).siteToken;
  token = ((await (await fetch(`${hub.url}/auth/signin/`, json(ADMIN, { 'x-site-token': siteToken }))).json()) as { token: string }).token;
});

afterAll(async () => {
  await hub.stop();
  await hub.cleanup();
});

/** Announces 1000 bytes, sends the first 10, closes its side; answers whatever came back before the close. */
function cutShort(path: string, type: string, first10: string): Promise<string> {
  expect(first10).toHaveLength(10);
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-site-token: ${siteToken}\r\nauthorization: Bearer ${token}\r\n` +
          `content-type: ${type}\r\ncontent-length: 1000\r\n\r\n${first10}`,
      );
      socket.end();
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

/** The hub's log line for the request to `path` (the hub writes one when it has answered). */
async function requestLine(path: string): Promise<string> {
  for (;;) {
    const line = hub
      .output()
      .split('\n')
      .find((l) => l.includes(' request ') && l.includes(`path=${path} `));
    if (line) return line;
    await Bun.sleep(50);
  }
}

test.each([
  ['a JSON route', '/api/links', 'application/json', '{"name":"a'],
  ['a multipart upload', '/api/gallery/upload', 'multipart/form-data; boundary=cut', '--cut\r\nCon'],
  ['the link import', '/api/links/import', 'multipart/form-data; boundary=cut', '--cut\r\nCon'],
])('%s: no 500, no ERROR line, at most a debug line', async (_, path, type, first10) => {
  const answer = await cutShort(path, type, first10);
  expect(answer).not.toMatch(/^HTTP\/1\.1 5/);
  const line = await requestLine(path);
  expect(line).not.toContain('status=500');
  expect(line).toMatch(/status=4\d\d/);
  const id = /id=(\S+)/.exec(line)![1]!;
  const aboutIt = hub
    .output()
    .split('\n')
    .filter((l) => l.includes(id));
  expect(aboutIt.filter((l) => / (ERROR|WARN) /.test(l))).toEqual([]);
  // The hub is fine afterwards.
  expect((await fetch(`${hub.url}/healthz`)).status).toBe(200);
});

test('the whole log has no ERROR line', () => {
  expect(
    hub
      .output()
      .split('\n')
      .filter((l) => / ERROR /.test(l)),
  ).toEqual([]);
});
