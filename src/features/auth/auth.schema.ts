// Zod schemas of sign-in's input. Both fields are optional here: a missing or wrong one is the same
// 401 as a wrong password (the service tells no difference), never a 400 that says which.

import { z } from 'zod';

export const signInSchema = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
});
