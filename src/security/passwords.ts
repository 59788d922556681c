// Password hashing with argon2id (Bun.password), bounded for the whole process, and a
// constant-time answer for unknown accounts.

import os from 'node:os';
import { WorkQueue } from './work-queue.ts';

/**
 * Each argon2id hash or check takes about 80 ms of CPU and 64 MiB of memory. However many sign-ins
 * arrive at once, only this many run together (leaving a core for everything else on small
 * machines); the rest wait up to a few seconds, then get 429 instead of piling up.
 */
export const passwordWork = new WorkQueue({
  concurrency: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  maxWaitMs: 5000,
  maxWaiting: 64,
});

/**
 * argon2id's cost: the library's own (64 MiB, 2 passes), except in the hub's own test runs. Those
 * make thousands of hashes, and on a 2-core machine running every test level at once each took
 * seconds, so the test preload (test/helpers/test-env.ts) sets HUB_TEST_PASSWORD_COST=light, and
 * the hubs the tests start inherit it: 4 MiB and 1 pass. It is not a setting: no guide names it,
 * and a hub started with it says so in its log (src/hub.ts). A check reads the cost from the hash
 * itself, so hashes of either cost verify (docs/decisions/0075).
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): { memoryCost?: number; timeCost?: number } {
  return env.HUB_TEST_PASSWORD_COST === 'light' ? { memoryCost: 4096, timeCost: 1 } : {};
}
const cost = passwordCost();
/** True when this process hashes at the tests' light cost (the hub warns of it at start). */
export const lightPasswordCost = cost.memoryCost !== undefined;

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => Bun.password.hash(password, { algorithm: 'argon2id', ...cost }));
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await Bun.password.verify(password, hash);
    } catch {
      return false; // a malformed hash never matches
    }
  });
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash, so a sign-in for an unknown user costs the same time as
 * one with a wrong password and does not reveal which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  // Made outside the queue: it is one hash per process, and must not fail because of load.
  dummyHash ??= Bun.password.hash(crypto.randomUUID(), { algorithm: 'argon2id', ...cost });
  await verifyPassword(password, await dummyHash);
  return false;
}
