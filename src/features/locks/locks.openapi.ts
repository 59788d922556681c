// Premium and Connect locks in the OpenAPI document: the owner's settings (/api/me/locks) and
// opening or closing them for this session (/api/unlock, /api/lock). A session only: the keys'
// policy keeps every API key out, and a key never opens a locked area.

import { z } from 'zod';
import { LOCK_AREAS, type LockSettings, type UnlockResult } from '../../shared/locks.ts';
import { type ApiPaths, errorSchema, errors, json, jsonBody, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { unlockSchema, updateLocksSchema } from './locks.schema.ts';

const lockSettingsSchema = z
  .object({
    premium: z.boolean().meta({ description: 'Premium asks for the PIN' }),
    connect: z.boolean().meta({ description: 'Connect asks for the PIN' }),
    minutes: z.number().meta({ description: 'How long an unlock lasts' }),
    hasPin: z.boolean(),
    unlockedUntil: z.string().nullable().meta({ description: 'Until when this session is unlocked, or null' }),
    locked: z.object({ premium: z.boolean(), connect: z.boolean() }).meta({ description: 'Whether each area is closed to this session now' }),
  })
  .meta({ id: 'LockSettings' });
sameShape<Same<z.output<typeof lockSettingsSchema>, LockSettings>>();

const unlockResultSchema = z.object({ unlockedUntil: z.string() }).meta({ id: 'UnlockResult' });
sameShape<Same<z.output<typeof unlockResultSchema>, UnlockResult>>();

/** What a closed area's API answers (403) until the PIN opens it for the session. */
export const lockedSchema = z
  .object({ error: z.string(), locked: z.literal(true) })
  .meta({ id: 'Locked', description: `A locked area (${LOCK_AREAS.join(', ')}) is closed to this session: open it with POST /api/unlock.` });

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** A locked area's routes (Premium's, Connect's): each may answer 403 Locked while the area is closed. */
export function behindLock(paths: ApiPaths): ApiPaths {
  const out: ApiPaths = {};
  for (const [path, item] of Object.entries(paths)) {
    const described = { ...item };
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const said = op.responses['403']?.description ?? 'Not allowed for this user (or this API key)';
      const refused = {
        description: `${said}; or the area is locked to this session (\`locked: true\`: open it with POST /api/unlock)`,
        content: { 'application/json': { schema: z.union([errorSchema, lockedSchema]) } },
      };
      described[method] = { ...op, responses: { ...op.responses, '403': refused } };
    }
    out[path] = described;
  }
  return out;
}

const tags = ['Locks'];

export const locksPaths: ApiPaths = {
  '/api/me/locks': {
    get: {
      tags,
      summary: 'Your Premium and Connect locks, and whether each is closed to this session',
      responses: { '200': json(lockSettingsSchema, 'The locks') },
    },
    put: {
      tags,
      summary: 'Change your locks (only the fields sent); once a PIN is set, with the current PIN or your password',
      description: 'A wrong current PIN or password is 403 and counts against the PIN limit (429 past it).',
      requestBody: jsonBody(updateLocksSchema),
      responses: { '200': json(lockSettingsSchema, 'The locks'), ...errors(403, 429) },
    },
  },
  '/api/unlock': {
    post: {
      tags,
      summary: 'Open the locked areas for this session with your PIN',
      description:
        'While an area is locked its API answers 403 `{"error": "…", "locked": true}` (see the Locked schema). A wrong PIN is 403 and counts against the PIN limit (429 past it); an API key never unlocks.',
      requestBody: jsonBody(unlockSchema),
      responses: { '200': json(unlockResultSchema, 'Open until this time'), ...errors(403, 429) },
    },
  },
  '/api/lock': {
    post: { tags, summary: 'Close the locked areas for this session at once', responses: { '200': json(lockSettingsSchema, 'The locks') } },
  },
};
