// Premium and Connect locks (decision 0057). Off until the owner sets a PIN and turns one on. While
// on, each area is closed to every session until that session is unlocked with the PIN, for the
// owner's minutes; another device of the same owner stays locked. PIN checks (and the proof a
// change needs) have a limit of their own: PIN_MAX_ATTEMPTS per account in PIN_WINDOW_MINUTES.

import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ForbiddenError, InvalidError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { AttemptLimiter } from '../../security/rate-limit.service.ts';
import {
  LOCK_MINUTES_DEFAULT,
  LOCK_TEXT,
  type LockArea,
  type LockSettings,
  PIN_MAX_ATTEMPTS,
  PIN_WINDOW_MINUTES,
  type UnlockResult,
} from '../../shared/locks.ts';
import type { SignedInViewer, UsersService } from '../users/users.service.ts';
import * as repo from './locks.repo.ts';
import type { UpdateLocksInput } from './locks.schema.ts';

export type LocksService = ReturnType<typeof createLocksService>;

export function createLocksService({ db, clock, users }: { db: Db; clock: Clock; users: Pick<UsersService, 'findForPasswordCheck'> }) {
  const now = () => clock().getTime();
  const pins = new AttemptLimiter({ db, maxAttempts: PIN_MAX_ATTEMPTS, windowMs: PIN_WINDOW_MINUTES * 60_000, clock });
  /**
   * One PIN (or password) check under the PIN limit (per account, whatever the address): 429 past
   * it. A right one takes back its own count and forgives nothing (decision 0058): an unlock on
   * another device, or a change proved by the password, leaves the wrong PINs counted.
   */
  const checked = (userId: string, verify: () => Promise<boolean>) => pins.check('pin', { account: userId, address: '' }, verify);

  async function settings(viewer: SignedInViewer): Promise<LockSettings> {
    const row = await repo.findLocks(db, viewer.id);
    const state = await repo.lockState(db, viewer.id, viewer.sessionId ?? null);
    const until = state?.until && state.until > now() ? state.until : null;
    return {
      premium: row?.premium === 1,
      connect: row?.connect === 1,
      minutes: row?.minutes ?? LOCK_MINUTES_DEFAULT,
      hasPin: Boolean(row?.pin_hash),
      unlockedUntil: until === null ? null : new Date(until).toISOString(),
      locked: { premium: row?.premium === 1 && until === null, connect: row?.connect === 1 && until === null },
    };
  }

  return {
    settings,

    /** Whether `area` is closed to this request (a request without a session, such as an API key's, is never unlocked). */
    async isLocked(viewer: SignedInViewer, area: LockArea): Promise<boolean> {
      const state = await repo.lockState(db, viewer.id, viewer.sessionId ?? null);
      if (state?.[area] !== 1) return false;
      return !(state.until && state.until > now());
    },

    /**
     * Sets the locks. The first time a PIN is required; once one is set, every change needs the
     * current PIN or the password (a visitor at an open device cannot turn the locks off). A
     * change locks every session again.
     */
    async update(viewer: SignedInViewer, input: UpdateLocksInput): Promise<LockSettings> {
      const row = await repo.findLocks(db, viewer.id);
      if (row?.pin_hash) {
        const { currentPin, password } = input;
        if (!currentPin && !password) throw new InvalidError(LOCK_TEXT.proofRequired);
        const hash = row.pin_hash;
        const ok = await checked(viewer.id, async () => {
          if (currentPin && (await verifyPassword(currentPin, hash))) return true;
          if (!password) return false;
          const user = await users.findForPasswordCheck(viewer.id);
          return Boolean(user && (await verifyPassword(password, user.password_hash)));
        });
        if (!ok) throw new ForbiddenError(LOCK_TEXT.wrongProof);
      } else if (!input.pin) {
        throw new InvalidError(LOCK_TEXT.pinRequired);
      }
      await repo.saveLocks(db, {
        user_id: viewer.id,
        premium: (input.premium ?? row?.premium === 1) ? 1 : 0,
        connect: (input.connect ?? row?.connect === 1) ? 1 : 0,
        minutes: input.minutes ?? row?.minutes ?? LOCK_MINUTES_DEFAULT,
        pin_hash: input.pin ? await hashPassword(input.pin) : (row?.pin_hash ?? null),
        updated_at: now(),
      });
      await repo.clearUnlocks(db, viewer.id);
      return settings(viewer);
    },

    /** Opens the locked areas for this session for the owner's minutes. */
    async unlock(viewer: SignedInViewer, pin: string): Promise<UnlockResult> {
      const row = await repo.findLocks(db, viewer.id);
      if (!row?.pin_hash) throw new InvalidError(LOCK_TEXT.noPin);
      // An API key's request stands for no session (its id is the key's): it is never unlocked.
      if (!viewer.sessionId || viewer.sessionId.startsWith('key:')) throw new ForbiddenError(LOCK_TEXT.keysNeverUnlock);
      const hash = row.pin_hash;
      if (!(await checked(viewer.id, () => verifyPassword(pin, hash)))) throw new ForbiddenError(LOCK_TEXT.wrongPin);
      const until = now() + row.minutes * 60_000;
      await repo.setUnlock(db, viewer.id, viewer.sessionId, until);
      return { unlockedUntil: new Date(until).toISOString() };
    },

    /** Locks this session again at once. */
    async lock(viewer: SignedInViewer): Promise<LockSettings> {
      if (viewer.sessionId) await repo.clearUnlock(db, viewer.id, viewer.sessionId);
      return settings(viewer);
    },

    /** The CLI's `user locks-reset`: the locks and the PIN gone, every session of the owner locked out of nothing. */
    async reset(userId: string): Promise<boolean> {
      return (await repo.deleteLocks(db, userId)) > 0;
    },
  };
}
