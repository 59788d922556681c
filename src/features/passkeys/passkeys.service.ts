// Passkeys (WebAuthn) with @simplewebauthn/server: a member registers passkeys from the profile,
// and anyone past the site gate may sign in with one, without a username or a password. The
// challenges are kept in the database for five minutes and serve once, whatever the outcome. A
// passkey sign-in is a sign-in with two factors (the device and its lock), so it starts a session
// directly (decision 0056). The library (about 11 MB of memory with its ASN.1 and COSE code) loads
// with the first passkey request, not with the hub.

import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError, InvalidError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { AttemptLimiter } from '../../security/rate-limit.service.ts';
import { BRAND_NAME } from '../../shared/brand.ts';
import type { SessionUser } from '../../shared/contracts/session.ts';
import { MAX_OPEN_PASSKEY_PROMPTS, MAX_PASSKEYS_PER_USER, PASSKEY_TEXT, type PasskeySummary } from '../../shared/passkeys.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SignedInViewer, UsersService } from '../users/users.service.ts';
import * as repo from './passkeys.repo.ts';
import type { PasskeySignInInput, RegisterPasskeyInput } from './passkeys.schema.ts';

/** How long a challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** @simplewebauthn/server, loaded when a passkey is first used. */
const webauthn = () => import('@simplewebauthn/server');

/** Who the passkeys are for: the host name they are bound to and the page origin that asks. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function summary(row: { id: string; name: string; created_at: number; last_used_at: number | null }): PasskeySummary {
  return { _id: row.id, name: row.name, createdAt: iso(row.created_at)!, lastUsedAt: iso(row.last_used_at) };
}

function transportsOf(text: string): AuthenticatorTransport[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((t): t is AuthenticatorTransport => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The challenge the browser signed, read from clientDataJSON (null when unreadable). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : null;
  } catch {
    return null;
  }
}

export function createPasskeysService({
  db,
  clock,
  auth,
  users,
  limiter,
  logger,
}: {
  db: Kysely<Database>;
  clock: Clock;
  auth: AuthService;
  users: UsersService;
  limiter: AttemptLimiter;
  logger?: Logger;
}) {
  const now = () => clock().getTime();

  /** Keeps a challenge for 5 minutes; 429 when its holder (the member, or the address) has too many open. */
  async function storeChallenge(challenge: string, purpose: 'register' | 'signin', holder: { userId: string } | { address: string }): Promise<void> {
    const at = now();
    const row = {
      challenge,
      purpose,
      user_id: 'userId' in holder ? holder.userId : null,
      address: 'address' in holder ? holder.address : null,
      expires_at: at + CHALLENGE_TTL_MS,
    };
    if (!(await repo.insertChallenge(db, row, at, MAX_OPEN_PASSKEY_PROMPTS)))
      throw new TooManyRequestsError(CHALLENGE_TTL_MS / 1000, PASSKEY_TEXT.tooManyPrompts);
  }

  return {
    /** PublicKeyCredentialCreationOptionsJSON for a new discoverable passkey of the member. */
    async registrationOptions(viewer: SignedInViewer, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const user = await users.get(viewer, viewer.id);
      const existing = await repo.credentialsOf(db, viewer.id);
      if (existing.length >= MAX_PASSKEYS_PER_USER) throw new ConflictError(PASSKEY_TEXT.tooMany);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: BRAND_NAME,
        rpID: rp.id,
        userName: user.username || user.email || user.name,
        userDisplayName: user.name,
        // The account's id, which names nothing about the member.
        userID: new TextEncoder().encode(viewer.id),
        attestationType: 'none',
        timeout: CHALLENGE_TTL_MS,
        excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, 'register', { userId: viewer.id });
      return options;
    },

    /** Verifies a new passkey's attestation (its challenge must be the member's, unused and current) and keeps it. */
    async register(viewer: SignedInViewer, rp: RelyingParty, input: RegisterPasskeyInput): Promise<PasskeySummary> {
      const response = input.response as unknown as RegistrationResponseJSON;
      // The challenge is used up now, whatever follows.
      const challenge = signedChallenge(response.response.clientDataJSON);
      const known = challenge !== null && (await repo.takeChallenge(db, challenge, 'register', viewer.id, now()));
      if (!known) throw new InvalidError(PASSKEY_TEXT.registrationFailed);
      let info: NonNullable<Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']>;
      try {
        const { verifyRegistrationResponse } = await webauthn();
        const result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
        if (!result.verified || !result.registrationInfo) throw new Error('not verified');
        info = result.registrationInfo;
      } catch (error) {
        logger?.debug('passkey registration refused', { reason: error instanceof Error ? error.message : String(error) });
        throw new InvalidError(PASSKEY_TEXT.registrationFailed);
      }
      if ((await repo.countPasskeys(db, viewer.id)) >= MAX_PASSKEYS_PER_USER) throw new ConflictError(PASSKEY_TEXT.tooMany);
      if (await repo.credentialExists(db, info.credential.id)) throw new ConflictError(PASSKEY_TEXT.alreadyRegistered);
      const row = {
        id: crypto.randomUUID(),
        user_id: viewer.id,
        credential_id: info.credential.id,
        public_key: info.credential.publicKey,
        counter: info.credential.counter,
        transports: JSON.stringify(response.response.transports ?? info.credential.transports ?? []),
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp ? 1 : 0,
        name: input.name,
        created_at: now(),
        last_used_at: null,
      };
      try {
        if (!(await repo.insertPasskeyUnderCap(db, row, MAX_PASSKEYS_PER_USER))) throw new ConflictError(PASSKEY_TEXT.tooMany);
      } catch (error) {
        // The same credential registered at the same moment by a second request.
        if (await repo.credentialExists(db, info.credential.id)) throw new ConflictError(PASSKEY_TEXT.alreadyRegistered);
        throw error;
      }
      return summary(row);
    },

    async list(viewer: SignedInViewer): Promise<PasskeySummary[]> {
      return (await repo.listPasskeys(db, viewer.id)).map(summary);
    },

    /** Removes one of the member's passkeys; another member's is not found. */
    async remove(viewer: SignedInViewer, id: string): Promise<void> {
      if (!(await repo.deletePasskey(db, viewer.id, id))) throw new NotFoundError(PASSKEY_TEXT.notFound);
    },

    /** PublicKeyCredentialRequestOptionsJSON for a discoverable passkey; its challenge is the handle verify takes back. */
    /** Options for a passkey sign-in; an address may hold MAX_OPEN_PASSKEY_PROMPTS open at once (429 beyond). */
    async signInOptions(rp: RelyingParty, clientKey: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CHALLENGE_TTL_MS, allowCredentials: [] });
      await storeChallenge(options.challenge, 'signin', { address: clientKey });
      return options;
    },

    /**
     * Signs in with a passkey: the session starts at once (the passkey is both factors). Each
     * refusal counts against the address's sign-in limit; a success takes back only its own count.
     */
    async signIn(
      rp: RelyingParty,
      input: PasskeySignInInput,
      clientKey: string,
      userAgent?: string,
    ): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
      // Counted for the address (the account is known only once the passkey is); a refusal stays counted.
      const attempt = await limiter.reserve('signin', { address: clientKey });
      const refuse = (reason: string): never => {
        logger?.debug('passkey sign-in refused', { reason });
        throw new UnauthorizedError(PASSKEY_TEXT.signInFailed);
      };
      const response = input.response as unknown as AuthenticationResponseJSON;
      if (!(await repo.takeChallenge(db, input.challenge, 'signin', null, now()))) return refuse('unknown, used or expired challenge');
      const passkey = await repo.findForSignIn(db, response.id);
      if (!passkey) return refuse('unknown credential');
      const userHandle = response.response.userHandle;
      if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId) return refuse('user handle of another account');
      let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>['authenticationInfo'];
      try {
        const { verifyAuthenticationResponse } = await webauthn();
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: input.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credential_id,
            publicKey: new Uint8Array(passkey.public_key),
            counter: passkey.counter,
            transports: transportsOf(passkey.transports),
          },
          requireUserVerification: false,
        });
        if (!result.verified) return refuse('not verified');
        info = result.authenticationInfo;
      } catch (error) {
        // A counter that did not move forward (a cloned authenticator) ends here too.
        return refuse(error instanceof Error ? error.message : String(error));
      }
      await repo.recordUse(db, passkey.id, {
        counter: info.newCounter,
        backed_up: info.credentialBackedUp ? 1 : 0,
        device_type: info.credentialDeviceType,
        last_used_at: now(),
      });
      await attempt.cancel();
      const session = await auth.createSession(passkey.userId, { ip: clientKey, userAgent, method: 'passkey' });
      return { ...session, user: { _id: passkey.userId, name: passkey.userName, role: passkey.role, admin: passkey.role === 'admin' } };
    },
  };
}
