// The one way the hub fetches from other servers (favicons, Link Dump, model pictures): public addresses only,
// the connection pinned to the address that was checked, every redirect checked again, bounded
// in time, size and content type.

import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { AppError } from '../errors.ts';
import { addressVerdict, isIpAddress, refusalMessage } from './address-check.ts';

export const SAFE_FETCH_LIMITS = {
  maxBytes: 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
  maxUrlLength: 2048,
} as const;

/** Why a fetch did not happen or did not finish. Refusals and failures alike answer 400, never 500. */
export type SafeFetchProblem = 'refused' | 'invalid-url' | 'timeout' | 'too-large' | 'content-type' | 'status' | 'redirects' | 'network';

export class SafeFetchError extends AppError {
  constructor(
    readonly problem: SafeFetchProblem,
    message: string,
  ) {
    super(400, message);
  }
}

/** The address (or the scheme, or the name) is one the hub will not connect to. */
export class FetchRefusedError extends SafeFetchError {
  constructor(message: string) {
    super('refused', message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to; injectable so tests can point names at the fixture. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface SafeFetcherOptions {
  /** FETCH_ALLOW_HOSTS: normalised host:port entries let through whatever their address. */
  allowHosts?: readonly string[];
  resolve?: Resolver;
  /** Overall time for one fetch, redirects included. */
  timeoutMs?: number;
  /** Extra trusted certificates (PEM), for a test server with its own certificate. */
  ca?: string;
}

export interface FetchOptions {
  /** Media types the caller takes: exact ("text/html") or a family ("image/*"). */
  accept: readonly string[];
  maxBytes?: number;
  /** Aborts the fetch early (the caller's own deadline). */
  signal?: AbortSignal;
}

export interface FetchedResource {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  /** The media type the server declared, lower case, without parameters. */
  contentType: string;
  body: Uint8Array;
}

export interface SafeFetcher {
  fetch(url: string, options: FetchOptions): Promise<FetchedResource>;
  /** The checks alone, without connecting: the address the fetch would connect to. */
  check(url: URL): Promise<ResolvedAddress>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** The URL as the fetcher takes it: http(s) only, no credentials, not absurdly long. */
export function parseFetchUrl(text: string): URL {
  if (text.length > SAFE_FETCH_LIMITS.maxUrlLength)
    throw new SafeFetchError('invalid-url', `The address is longer than ${SAFE_FETCH_LIMITS.maxUrlLength} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SafeFetchError('invalid-url', 'The address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError(`Refused: only http and https addresses are fetched, not ${url.protocol.slice(0, -1)}`);
  if (url.username || url.password) throw new FetchRefusedError('Refused: addresses with a user name or password are not fetched');
  return url;
}

function acceptsType(accept: readonly string[], type: string): boolean {
  return accept.some((a) => (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a));
}

/** Names reserved for tests, documentation, the local network and nothing (never looked up). */
export const SPECIAL_USE_SUFFIXES = ['test', 'example', 'invalid', 'local', 'internal', 'home.arpa'] as const;

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowHosts = new Set(options.allowHosts ?? []);
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_LIMITS.timeoutMs;

  async function check(url: URL): Promise<ResolvedAddress> {
    // URL parsing has already spelled numeric hosts out (2130706433, 0x7f000001, 0177.0.0.1 and
    // 127.1 all become 127.0.0.1) and put IPv6 in brackets; the trailing dot of a FQDN goes.
    const hostname = url.hostname.replace(/\.$/, '');
    const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    const allowed = allowHosts.has(`${hostname}:${defaultPort(url)}`);
    if (!allowed && (bare === 'localhost' || bare.endsWith('.localhost'))) throw new FetchRefusedError(`Refused: ${bare} is a loopback address`);
    // Special-use names (RFC 2606, 6761, 6762) never name a public site: no lookup is even tried.
    const special = SPECIAL_USE_SUFFIXES.find((suffix) => bare === suffix || bare.endsWith(`.${suffix}`));
    if (!allowed && special) throw new FetchRefusedError(`Refused: ${bare} is a special-use name (.${special}), not a public site`);
    let addresses: ResolvedAddress[];
    if (isIpAddress(bare)) addresses = [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
    else {
      try {
        addresses = await resolve(bare);
      } catch {
        throw new SafeFetchError('network', `Could not find the address of ${bare}`);
      }
      if (addresses.length === 0) throw new SafeFetchError('network', `Could not find the address of ${bare}`);
    }
    if (!allowed) {
      // One bad address refuses the name: a resolver may hand out any of them on the next try.
      for (const { address } of addresses) {
        const verdict = addressVerdict(address);
        if (verdict) throw new FetchRefusedError(refusalMessage(address, verdict));
      }
    }
    return addresses[0]!;
  }

  /** One GET to the checked address; resolves with the response head (body not yet read). */
  function request(url: URL, target: ResolvedAddress, accept: readonly string[], signal: AbortSignal): Promise<http.IncomingMessage> {
    return new Promise((resolvePromise, reject) => {
      const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      // Should the runtime look the name up anyway, it gets the checked address, never a new answer.
      const pinned: LookupFunction = (_name, opts, callback) => {
        if (typeof opts === 'object' && opts?.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
        else callback(null, target.address, target.family);
      };
      const module = url.protocol === 'https:' ? https : http;
      const req = module.request({
        // Connect to the checked address; the name travels in Host and in the TLS server name, so
        // virtual hosts and certificate checks work as if the name had been looked up again.
        host: target.address,
        family: target.family,
        port: Number(defaultPort(url)),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        lookup: pinned,
        headers: {
          host: url.host,
          accept: [...accept, '*/*;q=0.1'].join(', '),
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'Mozilla/5.0 (compatible)',
        },
        ...(url.protocol === 'https:' ? { servername: isIpAddress(hostname) ? undefined : hostname, ...(options.ca ? { ca: options.ca } : {}) } : {}),
        agent: false,
      });
      const abort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      req.on('response', (res) => {
        signal.removeEventListener('abort', abort);
        // The body is read by the caller; an abort from now on tears the response down instead.
        const abortBody = () => res.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        signal.addEventListener('abort', abortBody, { once: true });
        res.once('close', () => signal.removeEventListener('abort', abortBody));
        resolvePromise(res);
      });
      req.on('error', (error) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      });
      req.end();
    });
  }

  async function readBody(res: http.IncomingMessage, maxBytes: number, url: URL): Promise<Uint8Array> {
    const tooLarge = () => new SafeFetchError('too-large', `The answer from ${url.host} is larger than ${maxBytes} bytes`);
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks);
    const encoding = String(res.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    if (encoding === 'identity' || encoding === '') return new Uint8Array(raw);
    // The cap holds for what the bytes expand to as well: a small bomb stays small.
    try {
      const opts = { maxOutputLength: maxBytes };
      if (encoding === 'gzip' || encoding === 'x-gzip') return new Uint8Array(zlib.gunzipSync(raw, opts));
      if (encoding === 'deflate') return new Uint8Array(zlib.inflateSync(raw, opts));
      if (encoding === 'br') return new Uint8Array(zlib.brotliDecompressSync(raw, opts));
    } catch (error) {
      if (error instanceof RangeError || /maxOutputLength|buffer/i.test(String((error as Error).message))) throw tooLarge();
      throw new SafeFetchError('network', `The answer from ${url.host} could not be decompressed`);
    }
    throw new SafeFetchError('content-type', `The answer from ${url.host} uses an unknown encoding (${encoding})`);
  }

  async function fetchOnce(start: string, fetchOptions: FetchOptions, signal: AbortSignal): Promise<FetchedResource> {
    const maxBytes = fetchOptions.maxBytes ?? SAFE_FETCH_LIMITS.maxBytes;
    let url = parseFetchUrl(start);
    for (let redirects = 0; ; redirects++) {
      const target = await check(url);
      signal.throwIfAborted();
      const res = await request(url, target, fetchOptions.accept, signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        if (redirects >= SAFE_FETCH_LIMITS.maxRedirects)
          throw new SafeFetchError('redirects', `Too many redirects (more than ${SAFE_FETCH_LIMITS.maxRedirects}) from ${start}`);
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          throw new SafeFetchError('network', `${url.host} redirected to an invalid address`);
        }
        url = parseFetchUrl(next.href);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new SafeFetchError('status', `${url.host} answered ${status}`);
      }
      const contentType = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!acceptsType(fetchOptions.accept, contentType)) {
        res.destroy();
        throw new SafeFetchError('content-type', `${url.host} answered ${contentType || 'without a content type'}, not ${fetchOptions.accept.join(' or ')}`);
      }
      const body = await readBody(res, maxBytes, url);
      return { url: url.href, status, contentType, body };
    }
  }

  return {
    check,
    async fetch(url, fetchOptions) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = fetchOptions.signal ? AbortSignal.any([timeout, fetchOptions.signal]) : timeout;
      try {
        return await fetchOnce(url, fetchOptions, signal);
      } catch (error) {
        if (error instanceof SafeFetchError) throw error;
        if (timeout.aborted) throw new SafeFetchError('timeout', `No complete answer from ${safeHost(url)} within ${timeoutMs / 1000} seconds`);
        if (signal.aborted) throw new SafeFetchError('timeout', `The fetch from ${safeHost(url)} was cancelled`);
        const code = (error as { code?: string }).code;
        throw new SafeFetchError('network', `Could not fetch from ${safeHost(url)}${code ? ` (${code})` : ''}`);
      }
    },
  };
}

function safeHost(text: string): string {
  try {
    return new URL(text).host;
  } catch {
    return 'the address';
  }
}
