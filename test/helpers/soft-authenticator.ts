// A software WebAuthn authenticator for HTTP tests: an ES256 key pair made with WebCrypto, and the
// bytes a browser and an authenticator would send, built by hand (attestation "none"): the
// clientDataJSON, the authenticator data and the CBOR attestation object of a registration, and
// the signed assertion of a sign-in. Each field can be spoiled to play an attacker.

const b64url = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/** Minimal CBOR: unsigned and negative integers, byte and text strings, maps (all that COSE and attestation need). */
export function cbor(value: unknown): Uint8Array {
  const out: number[] = [];
  const head = (major: number, n: number) => {
    if (n < 24) out.push((major << 5) | n);
    else if (n < 0x100) out.push((major << 5) | 24, n);
    else if (n < 0x10000) out.push((major << 5) | 25, n >> 8, n & 0xff);
    else out.push((major << 5) | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  };
  const write = (v: unknown) => {
    if (typeof v === 'number') {
      if (v >= 0) head(0, v);
      else head(1, -1 - v);
    } else if (v instanceof Uint8Array) {
      head(2, v.length);
      out.push(...v);
    } else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      head(3, bytes.length);
      out.push(...bytes);
    } else if (v instanceof Map) {
      head(5, v.size);
      for (const [k, x] of v) {
        write(k);
        write(x);
      }
    } else throw new Error(`cbor: cannot encode ${typeof v}`);
  };
  write(value);
  return new Uint8Array(out);
}

/** WebCrypto's ECDSA signature (r || s) in the DER form WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0]! & 0x80) v = new Uint8Array([0, ...v]);
    return [0x02, v.length, ...v];
  };
  const body = [...integer(raw.slice(0, 32)), ...integer(raw.slice(32))];
  return new Uint8Array([0x30, body.length, ...body]);
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** One passkey held by the software authenticator. */
export class SoftPasskey {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  /** The signature counter; the next assertion carries counter + 1 unless told otherwise. */
  counter = 0;
  userHandle = '';
  private keys!: CryptoKeyPair;

  private constructor(readonly rpId: string) {}

  static async create(rpId: string): Promise<SoftPasskey> {
    const passkey = new SoftPasskey(rpId);
    passkey.keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    return passkey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private async authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Promise<Uint8Array> {
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, counter);
    return concat(await sha256(new TextEncoder().encode(rpId)), new Uint8Array([flags | (attested ? FLAG_AT : 0)]), count, attested ?? new Uint8Array());
  }

  private static clientData(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() then toJSON() would give for these options. */
  async register(options: CreationOptions, spoil: { origin?: string; challenge?: string; rpId?: string } = {}) {
    const origin = spoil.origin ?? `http://${this.rpId}`;
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const attested = concat(new Uint8Array(16), idLength, this.credentialId, cose);
    const authData = await this.authData(spoil.rpId ?? this.rpId, FLAG_UP | FLAG_UV, this.counter, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(SoftPasskey.clientData('webauthn.create', spoil.challenge ?? options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What navigator.credentials.get() then toJSON() would give: a signed assertion. */
  async assert(options: RequestOptions, spoil: { origin?: string; challenge?: string; counter?: number } = {}) {
    const origin = spoil.origin ?? `http://${this.rpId}`;
    this.counter = spoil.counter ?? this.counter + 1;
    const authenticatorData = await this.authData(this.rpId, FLAG_UP | FLAG_UV, this.counter);
    const clientDataJSON = SoftPasskey.clientData('webauthn.get', spoil.challenge ?? options.challenge, origin);
    const signed = concat(authenticatorData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(derSignature(raw)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
