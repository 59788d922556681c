// Passkeys over HTTP: the member's own at /api/me/passkeys (register, list, remove) and signing in
// with one at /auth/passkey (options, verify). Both sit behind the site gate, like every call
// but the gate's own. The relying party is PUBLIC_URL's host when set, else the request's Host.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { InvalidError } from '../../errors.ts';
import { readJson } from '../../http/body.ts';
import { clientAddress, isHttps, SESSION_COOKIE, setCredentialCookie } from '../../http/credentials.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { passkeySignInSchema, registerPasskeySchema } from './passkeys.schema.ts';
import type { RelyingParty } from './passkeys.service.ts';

/** The relying party a request speaks to: PUBLIC_URL's, else its own Host with its scheme. */
export function relyingPartyOf(c: Context): RelyingParty {
  const configured = c.var.deps.config.publicUrl;
  if (configured) {
    const url = new URL(configured);
    return { id: url.hostname, origin: url.origin };
  }
  const host = c.req.header('host') || new URL(c.req.url).host;
  // A host name or address with an optional port, nothing more (no path, no user).
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) throw new InvalidError('The Host header is not a host name');
  let url: URL;
  try {
    url = new URL(`${isHttps(c) ? 'https' : 'http'}://${host}`);
  } catch {
    throw new InvalidError('The Host header is not a host name');
  }
  return { id: url.hostname.replace(/^\[|\]$/g, ''), origin: url.origin };
}

/** The member's passkeys, mounted at /api/me/passkeys. */
export const passkeysApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())
  .get('/', async (c) => c.json(await c.var.services.passkeys.list(c.var.viewer)))
  .post('/options', async (c) => c.json(await c.var.services.passkeys.registrationOptions(c.var.viewer, relyingPartyOf(c))))
  .post('/', async (c) => {
    const input = await readJson(c, registerPasskeySchema);
    return c.json(await c.var.services.passkeys.register(c.var.viewer, relyingPartyOf(c), input), 201);
  })
  .delete('/:id', async (c) => {
    await c.var.services.passkeys.remove(c.var.viewer, c.req.param('id'));
    return c.json({ success: true });
  });

/** Signing in with a passkey, mounted at /auth/passkey: it answers as the password sign-in does. */
export const passkeySignIn = new Hono()
  .post('/options', async (c) => c.json(await c.var.services.passkeys.signInOptions(relyingPartyOf(c), clientAddress(c))))
  .post('/verify', async (c) => {
    const input = await readJson(c, passkeySignInSchema);
    const { token, expiresAt, user } = await c.var.services.passkeys.signIn(relyingPartyOf(c), input, clientAddress(c), c.req.header('user-agent'));
    setCredentialCookie(c, SESSION_COOKIE, token, expiresAt);
    return c.json({ token, user });
  });
