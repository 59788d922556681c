// Request bodies of the passkey calls. The credential's own fields are checked by the WebAuthn
// library; here only their outline, so nonsense gets a 400 before any work is done.

import { z } from 'zod';
import { MAX_PASSKEY_NAME_LENGTH, PASSKEY_TEXT } from '../../shared/passkeys.ts';

const base64url = z
  .string({ error: PASSKEY_TEXT.responseRequired })
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, PASSKEY_TEXT.responseRequired)
  .max(16_384);

/** A PublicKeyCredential's toJSON(), with the given fields in its `response`. */
function credential<K extends string>(fields: readonly K[]) {
  const response = Object.fromEntries(fields.map((field) => [field, base64url])) as Record<K, typeof base64url>;
  return z
    .object(
      {
        id: base64url,
        rawId: base64url,
        type: z.literal('public-key', { error: PASSKEY_TEXT.responseRequired }),
        response: z.looseObject(response, { error: PASSKEY_TEXT.responseRequired }),
        clientExtensionResults: z.looseObject({}).default({}),
      },
      { error: PASSKEY_TEXT.responseRequired },
    )
    .loose();
}

export const registerPasskeySchema = z.object({
  name: z.string({ error: PASSKEY_TEXT.nameRequired }).trim().min(1, PASSKEY_TEXT.nameRequired).max(MAX_PASSKEY_NAME_LENGTH, PASSKEY_TEXT.nameTooLong),
  response: credential(['clientDataJSON', 'attestationObject'] as const),
});
export type RegisterPasskeyInput = z.infer<typeof registerPasskeySchema>;

export const passkeySignInSchema = z.object({
  challenge: z.string({ error: PASSKEY_TEXT.challengeRequired }).min(1, PASSKEY_TEXT.challengeRequired).max(256),
  response: credential(['clientDataJSON', 'authenticatorData', 'signature'] as const),
});
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;
