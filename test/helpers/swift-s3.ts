// Starts a throwaway OpenStack Swift with its S3 layer (Debian packages) so S3 code is tested against a real server.

import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Subprocess } from 'bun';
import { S3MediaStore, type S3StoreOptions } from '../../src/storage/s3-store.ts';

export interface SwiftS3 {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /**
   * Done with the bucket. The servers keep serving the process's other test files and stop, their
   * data deleted, when the process exits.
   */
  stop(): Promise<void>;
}

const SERVER_BINARIES = ['swift-account-server', 'swift-container-server', 'swift-object-server', 'swift-proxy-server'];
const RING_BUILDER = 'swift-ring-builder';
// Swift always reads its hash prefix/suffix from here, whatever swift_dir says; the `swift` package ships it.
const SWIFT_CONF = '/etc/swift/swift.conf';
const INSTALL_HINT = 'install Debian packages swift-proxy swift-account swift-container swift-object (bash .ci/run does)';

const REGION = 'us-east-1';
// tempauth maps `user_<account>_<user> = <key>` to the S3 access key `<account>:<user>`.
const ACCESS_KEY_ID = 'test:tester';
const SECRET_ACCESS_KEY = 'testing';
// Idle, the servers serve within about 4 s; on a loaded 2-core machine Python's start alone has
// taken over 30 s, and with every test level running at once the whole start took over 120 s. The
// bound only decides how long a broken installation takes to fail.
const STARTUP_TIMEOUT_MS = 240_000;
/**
 * The timeout for a beforeAll hook that calls startSwiftS3: longer than the start's own bound, so
 * a failed start reports why (the servers' logs) rather than bun's bare "hook timed out".
 */
export const SWIFT_HOOK_TIMEOUT_MS = STARTUP_TIMEOUT_MS + 30_000;

/**
 * Why the Swift-backed tests cannot run on this machine, or undefined when they can. Under CI the
 * answer is always undefined, so a missing Swift fails the run instead of silently skipping it.
 */
export function swiftUnavailableReason(): string | undefined {
  if (process.env.CI === 'true') return undefined;
  return missingSwift();
}

function missingSwift(): string | undefined {
  const missing = [...SERVER_BINARIES, RING_BUILDER].filter((binary) => !Bun.which(binary));
  if (missing.length > 0) return `${missing.join(', ')} not found; ${INSTALL_HINT}`;
  if (!existsSync(SWIFT_CONF)) return `${SWIFT_CONF} not found; ${INSTALL_HINT}`;
  return undefined;
}

// Servers still running and data dirs not yet removed: an exit without stop() cleans them up.
const running = new Set<Subprocess>();
const liveDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const proc of running) proc.kill('SIGKILL');
    for (const dir of liveDirs) {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // A server that is still dying may be writing; a leftover temp dir is harmless.
      }
    }
  });
}

/**
 * A bucket of its own on this test process's Swift: the first call starts the account, container,
 * object and proxy servers on free ports (a few seconds idle, much longer on a loaded machine) and
 * waits until they really serve; later calls, from any test file of the same `bun test` process,
 * share them. Each call gets a new, empty bucket (the requested name, suffixed when already taken).
 * The servers stop, and their data is deleted, when the process exits.
 */
export async function startSwiftS3(options: { bucket?: string } = {}): Promise<SwiftS3> {
  const missing = missingSwift();
  if (missing) throw new Error(`Swift S3 cannot start: ${missing}`);
  // A failed start is not retried by the next test file: it already waited its whole bound.
  cluster ??= startCluster();
  const server = await cluster;
  const requested = options.bucket ?? 'hub-media-test';
  let bucket = requested;
  for (let n = 2; server.buckets.has(bucket); n++) bucket = `${requested}-${n}`;
  server.buckets.add(bucket);
  await withRetries(`creating bucket ${bucket}`, server, (signal) => createBucket(server.client, bucket, signal));
  return {
    endpoint: server.endpoint,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    bucket,
    // The servers serve the next test file; the exit hook stops them.
    stop: async () => {},
  };
}

interface Cluster {
  endpoint: string;
  client: S3Client;
  buckets: Set<string>;
  processes: { name: string; proc: Subprocess; log: string }[];
}

let cluster: Promise<Cluster> | undefined;

async function startCluster(): Promise<Cluster> {
  installExitHook();
  const dir = mkdtempSync(join(tmpdir(), 'swift-s3-'));
  liveDirs.add(dir);
  const processes: Cluster['processes'] = [];
  const started = performance.now();
  try {
    const [accountPort, containerPort, objectPort, proxyPort, memcachePort] = await freePorts(5);
    const ports = { account: accountPort!, container: containerPort!, object: objectPort!, proxy: proxyPort! };
    mkdirSync(join(dir, 'devices', 'd1'), { recursive: true });
    await buildRings(dir, { account: ports.account, container: ports.container, object: ports.object });

    const configs = swiftConfigs(dir, { ...ports, memcache: memcachePort! });
    for (const [name, config] of Object.entries(configs)) {
      const conf = join(dir, `${name}-server.conf`);
      writeFileSync(conf, config);
      const log = join(dir, `${name}-server.log`);
      processes.push({ name, proc: spawnLogged([`swift-${name}-server`, conf, '--verbose'], dir, log), log });
    }
    const endpoint = `http://127.0.0.1:${proxyPort}`;
    const client = new S3Client({
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
      maxAttempts: 1,
    });
    const server: Cluster = { endpoint, client, buckets: new Set(), processes };
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;

    // 1. Every server answers its health check: a listening port alone is not enough, Python
    //    binds before the WSGI app is loaded, and the proxy would fail requests to a backend
    //    that is still importing.
    await Promise.all(
      processes.map(({ name }) => {
        const port = ports[name as keyof typeof ports];
        return until(deadline, `swift-${name}-server answering /healthcheck on port ${port}`, server, async (signal) => {
          const response = await fetch(`http://127.0.0.1:${port}/healthcheck`, { signal });
          if (response.status !== 200) throw new Error(`/healthcheck answered ${response.status}`);
        });
      }),
    );
    // 2. What the tests do works end to end: a signed S3 request autocreates the account and
    //    makes a bucket (proxy, tempauth, s3api, account and container servers), and an object
    //    is written, read back and deleted (object server).
    await until(deadline, 'a signed S3 request creating the account and a bucket', server, (signal) => createBucket(client, PROBE_BUCKET, signal));
    await until(deadline, 'an object written, read back and deleted', server, async (signal) => {
      await client.send(new PutObjectCommand({ Bucket: PROBE_BUCKET, Key: 'probe', Body: 'ready' }), { abortSignal: signal });
      const read = await client.send(new GetObjectCommand({ Bucket: PROBE_BUCKET, Key: 'probe' }), { abortSignal: signal });
      if ((await read.Body?.transformToString()) !== 'ready') throw new Error('the probe object read back differently');
      await client.send(new DeleteObjectCommand({ Bucket: PROBE_BUCKET, Key: 'probe' }), { abortSignal: signal });
    });
    if (process.env.SWIFT_S3_DEBUG) console.error(`Swift S3 ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return server;
  } catch (error) {
    const logs = processes.map(({ name, log }) => `--- ${name}-server (last lines) ---\n${tail(log, 25)}`).join('\n');
    await Promise.all(processes.map(({ proc }) => terminate(proc)));
    rmSync(dir, { recursive: true, force: true });
    liveDirs.delete(dir);
    const message = error instanceof Error ? error.message : String(error);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    throw new Error(`Swift S3 did not start (gave up after ${seconds} s): ${message}${logs ? `\n${logs}` : ''}`, { cause: error });
  }
}

const PROBE_BUCKET = 'readiness-probe';

async function createBucket(client: S3Client, bucket: string, signal: AbortSignal) {
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }), { abortSignal: signal });
  } catch (error) {
    // A retry after an answer that was lost on the way.
    if ((error as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw error;
  }
}

/** Fails at once, with the server's name, when one of the servers has exited. */
function checkAlive(server: Pick<Cluster, 'processes'>) {
  const dead = server.processes.find(({ proc }) => proc.exitCode !== null || proc.signalCode !== null);
  if (dead) throw new Error(`swift-${dead.name}-server exited (${dead.proc.exitCode ?? dead.proc.signalCode})`);
}

/** Tries `attempt` every 200 ms until it succeeds, a server dies or the deadline passes. */
async function until(deadline: number, what: string, server: Pick<Cluster, 'processes'>, attempt: (signal: AbortSignal) => Promise<void>) {
  let lastError: unknown;
  let tries = 0;
  while (Date.now() < deadline) {
    checkAlive(server);
    tries++;
    try {
      await attempt(AbortSignal.timeout(Math.max(1_000, Math.min(10_000, deadline - Date.now()))));
      return;
    } catch (error) {
      lastError = error;
    }
    await Bun.sleep(200);
  }
  checkAlive(server);
  const reason = lastError instanceof Error ? `${lastError.name}: ${lastError.message}` : String(lastError);
  throw new Error(`waited ${STARTUP_TIMEOUT_MS / 1000} s for ${what} (${tries} tries; last error: ${reason})`);
}

/** A request to a running cluster: a few tries with a growing pause, for a moment of overload. */
async function withRetries(what: string, server: Cluster, attempt: (signal: AbortSignal) => Promise<void>) {
  const pauses = [250, 1_000, 3_000];
  for (let i = 0; ; i++) {
    checkAlive(server);
    try {
      return await attempt(AbortSignal.timeout(20_000));
    } catch (error) {
      if (i >= pauses.length) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`Swift S3: ${what} failed ${i + 1} times; last error: ${reason}`, { cause: error });
      }
      await Bun.sleep(pauses[i]!);
    }
  }
}

async function buildRings(dir: string, ports: { account: number; container: number; object: number }) {
  // The three rings are independent; building them side by side saves a couple of seconds.
  await Promise.all(
    Object.entries(ports).map(async ([ring, port]) => {
      const builder = `${ring}.builder`;
      // 2^10 partitions, 1 replica, min_part_hours 1: the smallest sensible ring for one device.
      await runChecked([RING_BUILDER, builder, 'create', '10', '1', '1'], dir);
      await runChecked([RING_BUILDER, builder, 'add', `r1z1-127.0.0.1:${port}/d1`, '1'], dir);
      await runChecked([RING_BUILDER, builder, 'rebalance'], dir);
    }),
  );
}

function swiftConfigs(dir: string, ports: { account: number; container: number; object: number; proxy: number; memcache: number }) {
  const common = (port: number) => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
swift_dir = ${dir}
devices = ${join(dir, 'devices')}
mount_check = false
disable_fallocate = true
fallocate_reserve = 0
# Swift drops privileges to this user; the default ("swift") could not write our temp dir.
user = ${userInfo().username}
# Keep Swift out of the machine's syslog; --verbose sends the log to our files instead.
log_address = ${join(dir, 'no-syslog')}
`;
  return {
    account: `${common(ports.account)}
[pipeline:main]
pipeline = healthcheck account-server

[filter:healthcheck]
use = egg:swift#healthcheck

[app:account-server]
use = egg:swift#account
`,
    container: `${common(ports.container)}
[pipeline:main]
pipeline = healthcheck container-server

[filter:healthcheck]
use = egg:swift#healthcheck

[app:container-server]
use = egg:swift#container
`,
    object: `${common(ports.object)}
[pipeline:main]
pipeline = healthcheck object-server

[filter:healthcheck]
use = egg:swift#healthcheck

[app:object-server]
use = egg:swift#object
`,
    proxy: `${common(ports.proxy)}
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
# One device per ring, on a machine that may be busy: by default a backend that is slow to accept
# (0.5 s) fails the request ("Could not autocreate account"), and ten such errors make the proxy
# skip the only device for a minute. Wait longer, and never skip it.
conn_timeout = 5
node_timeout = 20
error_suppression_interval = 0

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

# Without the cache filter every request fails with 500; it works without a memcached running.
# It points at a free port so that a memcached on this machine never caches a throwaway cluster.
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${ports.memcache}

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:s3api]
use = egg:swift#s3api
location = ${REGION}

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = ${SECRET_ACCESS_KEY} .admin

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
`,
  };
}

function spawnLogged(command: string[], cwd: string, logPath: string): Subprocess {
  const fd = openSync(logPath, 'a');
  try {
    // setpriv makes the kernel kill the server if this process dies without running exit hooks (SIGKILL, crash).
    const prefix = Bun.which('setpriv') ? ['setpriv', '--pdeathsig', 'KILL', '--'] : [];
    const proc = Bun.spawn([...prefix, ...command], { cwd, stdin: 'ignore', stdout: fd, stderr: fd });
    running.add(proc);
    void proc.exited.then(() => running.delete(proc));
    // The servers outlive the test files that use them; they must not keep the process alive.
    proc.unref();
    return proc;
  } finally {
    closeSync(fd);
  }
}

async function runChecked(command: string[], cwd: string) {
  const proc = Bun.spawn(command, { cwd, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}: ${(stderr || stdout).trim()}`);
}

async function terminate(proc: Subprocess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(3_000).then(() => false)]);
  if (!exited) {
    proc.kill('SIGKILL');
    await proc.exited;
  }
}

/** Ports the OS considers free right now; all are held open together so they are distinct. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}

function tail(path: string, lines: number): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') || '(empty)';
  } catch {
    return '(no log)';
  }
}

/** The hub's S3 store on a started Swift's bucket, as the storage tests use it (path-style addressing). */
export function s3StoreOn(
  swift: Pick<SwiftS3, 'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>,
  options: Partial<S3StoreOptions> = {},
): S3MediaStore {
  const { endpoint, region, bucket, accessKeyId, secretAccessKey } = swift;
  return new S3MediaStore({ endpoint, region, bucket, accessKeyId, secretAccessKey, forcePathStyle: true, ...options });
}

/** The hub's settings for its S3 store on a started Swift's bucket (path-style addressing), for a hub or CLI started with them. */
export function s3EnvOf(swift: Pick<SwiftS3, 'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: swift.endpoint,
    S3_REGION: swift.region,
    S3_BUCKET: swift.bucket,
    S3_ACCESS_KEY_ID: swift.accessKeyId,
    S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
