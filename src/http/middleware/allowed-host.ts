// The names the hub answers to. A page on a name its attacker controls can point that name at the
// hub's address (DNS rebinding) and then read the hub as its own origin; its requests still name
// the attacker's host in Host, so a request for a host name the hub does not know is refused before
// the site gate (421, with { error } for the API and a short plain page otherwise). An IP address
// is always answered: rebinding needs a name, and the origin of http://192.168.1.20:3000 is that
// address, not any other site's. /healthz answers whatever the name (it tells nothing and changes
// nothing; monitors often ask by a container's name).

import { isIP } from 'node:net';
import { hostname as machineHostname } from 'node:os';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../../config.ts';
import { isApiPath } from '../context.ts';
import { isValidHost } from '../request-guard.ts';

/** The machine's own names: its host name and, for a short one, the name mDNS gives it (`nas.local`). */
export function machineNames(name = machineHostname()): string[] {
  const own = name.toLowerCase().replace(/\.$/, '');
  if (!own) return [];
  return own.includes('.') ? [own] : [own, `${own}.local`];
}

/**
 * The host name of a Host header (lower case, no port, no final dot; an IPv6 address without its
 * brackets), or null when it is not one.
 */
export function hostNameOf(host: string): string | null {
  if (!isValidHost(host)) return null;
  try {
    return new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/** Whether the hub answers to this host name (as hostNameOf gives it). */
export function isAllowedHost(name: string, config: Pick<Config, 'allowedHosts' | 'publicUrl'>, machine: readonly string[] = MACHINE): boolean {
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (machine.includes(name)) return true;
  if (config.publicUrl && new URL(config.publicUrl).hostname.replace(/\.$/, '') === name) return true;
  return config.allowedHosts.some((entry) => entry === '*' || entry === name || (entry.startsWith('.') && (name === entry.slice(1) || name.endsWith(entry))));
}

const MACHINE = machineNames();
const BAD_HOST = 'Bad request: a valid Host header is required';
/** How many refused names are logged (once each), so a scanner cannot fill the log. */
const LOGGED_NAMES = 32;

export const notAllowedMessage = (name: string) =>
  `This hub does not answer to the host name ${name}. To reach it by this name, add the name to ALLOWED_HOSTS (or set PUBLIC_URL to it).`;

export const allowedHost = () => {
  const logged = new Set<string>();
  return createMiddleware(async (c, next) => {
    if (c.req.path === '/healthz') return next();
    const name = hostNameOf(c.req.header('host') ?? new URL(c.req.url).host);
    if (name !== null && isAllowedHost(name, c.var.deps.config)) return next();
    c.header('Cache-Control', 'no-store');
    // The server refuses a malformed Host before the app sees it; this answers the same in-process.
    if (name === null) return isApiPath(c.req.path) ? c.json({ error: BAD_HOST }, 400) : c.text(BAD_HOST, 400);
    if (!logged.has(name) && logged.size < LOGGED_NAMES) {
      logged.add(name);
      c.var.deps.logger.warn('refused requests for a host name the hub does not answer to (see ALLOWED_HOSTS)', { host: name });
    }
    const message = notAllowedMessage(name);
    return isApiPath(c.req.path) ? c.json({ error: message }, 421) : c.text(message, 421);
  });
};
