// Password hashing with argon2id (Bun.password), and a constant-time answer for unknown accounts.

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false; // a malformed hash never matches
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash, so a sign-in for an unknown user costs the same time as
 * one with a wrong password and does not reveal which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await dummyHash);
  return false;
}
