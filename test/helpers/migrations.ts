// Reverting migrations in tests: later migrations come and go, so a test of one migration reverts
// the newest ones down to and including its own, whatever came after it.

import { migrateDown } from '../../src/db/migrate.ts';

/** Reverts migrations, newest first, up to and including `name`; answers the names reverted, in order. */
export async function revertThrough(db: Parameters<typeof migrateDown>[0], name: string): Promise<string[]> {
  const reverted: string[] = [];
  while (!reverted.includes(name)) {
    const step = await migrateDown(db);
    if (step.length === 0) throw new Error(`${name} was never applied (reverted: ${reverted.join(', ') || 'none'})`);
    reverted.push(...step);
  }
  return reverted;
}
