// zod schemas of the locks API's bodies. Each bad value is a 400 naming its field.

import { z } from 'zod';
import { LOCK_MINUTES_MAX, LOCK_MINUTES_MIN, LOCK_TEXT, PIN_PATTERN } from '../../shared/locks.ts';

const pin = z.string({ message: LOCK_TEXT.pin }).regex(PIN_PATTERN, LOCK_TEXT.pin);

/** PUT /api/me/locks. Once a PIN is set, every change needs `currentPin` or `password`. */
export const updateLocksSchema = z
  .object({
    premium: z.boolean({ message: 'premium must be true or false' }).optional(),
    connect: z.boolean({ message: 'connect must be true or false' }).optional(),
    minutes: z
      .number({ message: LOCK_TEXT.minutes })
      .int(LOCK_TEXT.minutes)
      .min(LOCK_MINUTES_MIN, LOCK_TEXT.minutes)
      .max(LOCK_MINUTES_MAX, LOCK_TEXT.minutes)
      .optional(),
    pin: pin.optional(),
    currentPin: z.string({ message: LOCK_TEXT.pin }).max(64, LOCK_TEXT.pin).optional(),
    password: z.string({ message: 'password must be text' }).max(1024, 'password must be text').optional(),
  })
  .refine((v) => v.premium !== undefined || v.connect !== undefined || v.minutes !== undefined || v.pin !== undefined, LOCK_TEXT.nothingToUpdate);
export type UpdateLocksInput = z.output<typeof updateLocksSchema>;

/** POST /api/unlock. */
export const unlockSchema = z.object({ pin: z.string({ message: LOCK_TEXT.pin }).min(1, LOCK_TEXT.pin).max(64, LOCK_TEXT.pin) });
