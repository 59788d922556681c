// The account's own two-factor sign-in (/api/me/2fa) in the OpenAPI document: a session only (the
// keys' policy keeps every API key out of /api/me). The code step of signing in is in auth.openapi.ts.

import { z } from 'zod';
import { type ApiPaths, errors, json, jsonBody, type Same, sameShape, successSchema } from '../openapi/openapi.parts.ts';
import { disableSchema, enableSchema } from './twofactor.routes.ts';
import type { TotpSetup, TwoFactorStatus } from './twofactor.service.ts';

const statusSchema = z
  .object({
    enabled: z.boolean().meta({ description: 'Codes are asked for at sign-in' }),
    pending: z.boolean().meta({ description: 'A secret was set up and waits for its first code' }),
    recoveryCodesLeft: z.number(),
    required: z.boolean().meta({ description: 'The hub requires two-factor sign-in of this account (REQUIRE_2FA)' }),
  })
  .meta({ id: 'TwoFactorStatus' });
sameShape<Same<z.output<typeof statusSchema>, TwoFactorStatus>>();

const setupSchema = z
  .object({
    secret: z.string().meta({ description: 'The base32 secret, to type into an authenticator app' }),
    otpauthUrl: z.string().meta({ description: 'The same as an otpauth:// address' }),
    qrSvg: z.string().meta({ description: 'The address as a QR code (SVG markup drawn by the hub)' }),
  })
  .meta({ id: 'TotpSetup' });
sameShape<Same<z.output<typeof setupSchema>, TotpSetup>>();

const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).meta({ description: 'Ten one-time recovery codes, shown this once' }) })
  .meta({ id: 'RecoveryCodes' });

const tags = ['Your account'];

export const twoFactorPaths: ApiPaths = {
  '/api/me/2fa': {
    get: {
      tags,
      summary: 'Your two-factor sign-in: on, waiting for its first code, recovery codes left',
      responses: { '200': json(statusSchema, 'Its state') },
    },
  },
  '/api/me/2fa/totp/setup': {
    post: {
      tags,
      summary: 'Set up an authenticator app: a new secret, waiting for its first code',
      responses: { '200': json(setupSchema, 'The secret, its address and QR code'), ...errors(409) },
    },
  },
  '/api/me/2fa/totp/enable': {
    post: {
      tags,
      summary: 'Turn two-factor sign-in on with a first 6-digit code',
      requestBody: jsonBody(enableSchema),
      responses: { '200': json(recoveryCodesSchema, 'On: the recovery codes, shown this once'), ...errors(409) },
    },
  },
  '/api/me/2fa/totp': {
    delete: {
      tags,
      summary: 'Turn two-factor sign-in off with your password',
      description: 'A wrong password counts as a failed sign-in attempt (429 past the limit).',
      requestBody: jsonBody(disableSchema),
      responses: { '200': json(successSchema, 'Off'), ...errors(403, 429) },
    },
  },
};
