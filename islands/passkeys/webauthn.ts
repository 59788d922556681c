// The browser's side of passkeys, loaded only when a passkey button is pressed: the hub's JSON
// options into navigator.credentials and the credential back into JSON. Browsers with WebAuthn's
// JSON helpers (PublicKeyCredential.parseCreationOptionsFromJSON, toJSON) use them; older ones
// (Safari before 18.4) get the same done here, base64url by hand.

import { api } from '../lib/api.ts';

const fromB64url = (text: string): ArrayBuffer => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  return bytes.buffer;
};

const toB64url = (buffer: ArrayBuffer | null | undefined): string | undefined => {
  if (!buffer) return undefined;
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

type Descriptor = { id: string; type: string; transports?: string[] };
const descriptors = (list: Descriptor[] | undefined) =>
  list?.map((d) => ({ ...d, id: fromB64url(d.id), type: 'public-key' as const, transports: d.transports as AuthenticatorTransport[] | undefined }));

const Credential = () =>
  PublicKeyCredential as typeof PublicKeyCredential & Partial<Pick<typeof PublicKeyCredential, 'parseCreationOptionsFromJSON' | 'parseRequestOptionsFromJSON'>>;

function creationOptions(json: PublicKeyCredentialCreationOptionsJSON): PublicKeyCredentialCreationOptions {
  const parse = Credential().parseCreationOptionsFromJSON;
  if (parse) return parse.call(PublicKeyCredential, json);
  return {
    ...(json as unknown as PublicKeyCredentialCreationOptions),
    challenge: fromB64url(json.challenge),
    user: { ...json.user, id: fromB64url(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials as Descriptor[] | undefined) ?? [],
  };
}

function requestOptions(json: PublicKeyCredentialRequestOptionsJSON): PublicKeyCredentialRequestOptions {
  const parse = Credential().parseRequestOptionsFromJSON;
  if (parse) return parse.call(PublicKeyCredential, json);
  return {
    ...(json as unknown as PublicKeyCredentialRequestOptions),
    challenge: fromB64url(json.challenge),
    allowCredentials: descriptors(json.allowCredentials as Descriptor[] | undefined) ?? [],
  };
}

/** The credential as its toJSON() would give it. */
function credentialJSON(credential: PublicKeyCredential): unknown {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const r = credential.response as AuthenticatorResponse & Partial<AuthenticatorAttestationResponse & AuthenticatorAssertionResponse>;
  return {
    id: credential.id,
    rawId: toB64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toB64url(r.clientDataJSON),
      attestationObject: toB64url(r.attestationObject),
      transports: r.getTransports?.(),
      authenticatorData: toB64url(r.authenticatorData),
      signature: toB64url(r.signature),
      userHandle: toB64url(r.userHandle),
    },
  };
}

/** What a passkey flow came to: done, or a message for the visitor (null when they cancelled). */
export type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; message: string | null };

const CANCELLED = new Set(['NotAllowedError', 'AbortError']);

function failure(error: unknown, what: string): PasskeyOutcome<never> {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  // The visitor closed the browser's prompt, or it timed out: nothing to tell them.
  if (CANCELLED.has(name)) return { ok: false, message: null };
  if (name === 'InvalidStateError') return { ok: false, message: 'This device already holds a passkey for your account here.' };
  console.error(`${what} failed:`, error);
  return { ok: false, message: `${what} failed on this device. Please try again.` };
}

async function call<T>(path: string, body: unknown, fallback: string): Promise<PasskeyOutcome<T>> {
  const result = await api<T>(path, { method: 'POST', body, fallback });
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, message: result.status === 0 ? 'Connection error. Please try again.' : result.message };
}

/** Signs in with a discoverable passkey: options, the browser's prompt, verify. The session cookie is set on success. */
export async function signInWithPasskey(): Promise<PasskeyOutcome<{ token: string }>> {
  const options = await call<PublicKeyCredentialRequestOptionsJSON>('/auth/passkey/options', {}, 'Passkey sign-in is not available');
  if (!options.ok) return options;
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.get({ publicKey: requestOptions(options.value) });
  } catch (error) {
    return failure(error, 'Passkey sign-in');
  }
  if (!credential) return { ok: false, message: null };
  return call<{ token: string }>(
    '/auth/passkey/verify',
    { challenge: options.value.challenge, response: credentialJSON(credential as PublicKeyCredential) },
    'Sign-in failed',
  );
}

/** Makes a new passkey on this device and registers it under `name`. */
export async function addPasskey<T>(name: string): Promise<PasskeyOutcome<T>> {
  const options = await call<PublicKeyCredentialCreationOptionsJSON>('/api/me/passkeys/options', {}, 'A passkey cannot be added now');
  if (!options.ok) return options;
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.create({ publicKey: creationOptions(options.value) });
  } catch (error) {
    return failure(error, 'Making the passkey');
  }
  if (!credential) return { ok: false, message: null };
  return call<T>('/api/me/passkeys', { name, response: credentialJSON(credential as PublicKeyCredential) }, 'The passkey could not be added');
}
