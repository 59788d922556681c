// The rules of Connect's vault: each owner's accounts, with username, email, password, website and
// favicon sealed by the vault key (the row, owner and field bound in), the password handed out
// only by get(); the start-up key check; re-sealing every value under a new key (rotation).

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { foundOr, type Page } from '../../db/owned.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { open, type SealedPlace, SecretBoxError, type SecretKey, seal } from '../../security/secret-box.ts';
import { type ResolvedVaultKeys, resolveVaultKeys, type VaultKeyring } from '../../security/vault-key.ts';
import { DEFAULT_VAULT_CATEGORY, VAULT_TEXT, type VaultAccount, type VaultAccountWithPassword } from '../../shared/connect.ts';
import { isWebUrl } from '../../shared/links.ts';
import type { FaviconsService, SiteIcon } from '../favicons/favicons.service.ts';
import { resealTotpSecrets, sealedTotpByKey, sealPlainTotpSecrets, type ValueSealer } from '../twofactor/twofactor.service.ts';
import {
  allVaultAccounts,
  currentVaultKeyId,
  deleteVaultAccount,
  everyVaultAccount,
  findVaultAccount,
  insertVaultAccounts,
  listVaultAccounts,
  sealedValuesByKey,
  setCurrentVaultKeyId,
  updateVaultAccount,
  type VaultAccountChanges,
  type VaultFilter,
} from './connect.repo.ts';
import type { CreateVaultAccountInput, UpdateVaultAccountInput } from './connect.schema.ts';
import { type NewVaultAccountRow, SEALED_FIELDS, type SealedField, type VaultAccountRow } from './connect.table.ts';

/**
 * A stored value that does not open: changed outside the hub (a byte, or moved from another row or
 * field), or sealed with a key the hub does not have. Data corruption, not bad input: a 500 with
 * a message that names the account and the field, never the value.
 */
export class VaultValueError extends AppError {
  constructor(message: string) {
    super(500, message);
  }
}

/** Until a key is loaded (tools that build the services without one), the vault refuses to work. */
const NO_KEYRING: VaultKeyring = {
  source: 'env',
  where: 'nowhere',
  current() {
    throw new VaultValueError('The vault key is not loaded');
  },
  find: () => undefined,
  use() {
    throw new VaultValueError('The vault key is not loaded');
  },
};

type SealedValues = Record<SealedField, string>;

function emptyValues(): SealedValues {
  return { username: '', email: '', password: '', website: '', favicon: '' };
}

/** Opens a row's sealed values with the keys at hand (an unknown key id makes the keyring re-read its files once). */
export function openRow(keys: VaultKeyring, row: VaultAccountRow, fields: readonly SealedField[] = SEALED_FIELDS): SealedValues {
  const values = emptyValues();
  for (const field of fields) {
    const sealed = row[field];
    if (sealed === null) continue;
    try {
      values[field] = open((id) => keys.find(id), sealed, { rowId: row.id, ownerId: row.owner_id, field });
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      if (error.problem === 'unknown-key') {
        throw new VaultValueError(
          `The ${field} of vault account ${row.id} was sealed with key ${error.keyId}, which this hub does not have (after a key rotation, restart the hub with the new key)`,
        );
      }
      throw new VaultValueError(`The ${field} of vault account ${row.id} cannot be decrypted: it was changed outside the hub`);
    }
  }
  return values;
}

function sealValue(key: SecretKey, row: { id: string; owner_id: string }, field: SealedField, value: string): string | null {
  return value === '' ? null : seal(key, value, { rowId: row.id, ownerId: row.owner_id, field });
}

/**
 * The key new values are sealed with, read inside the write's transaction: when a rotation (maybe
 * by the CLI beside this hub) has moved the vault to another key, the keyring finds it and uses it.
 */
async function sealingKey(trx: Db, keys: VaultKeyring): Promise<SecretKey> {
  const current = keys.current();
  const named = await currentVaultKeyId(trx);
  if (named === null) {
    await setCurrentVaultKeyId(trx, current.id);
    return current;
  }
  if (named === current.id) return current;
  const key = keys.find(named);
  if (!key) throw new VaultValueError(`The vault now uses key ${named}, which this hub does not have (after a key rotation, restart the hub with the new key)`);
  keys.use(key);
  return key;
}

function toAccount(row: VaultAccountRow, values: SealedValues): VaultAccount {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    username: values.username,
    email: values.email,
    website: values.website,
    favicon: values.favicon,
    category: row.category,
    hasPassword: row.password !== null,
    hasIcon: isWebUrl(values.favicon) || isWebUrl(values.website),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const LIST_FIELDS = SEALED_FIELDS.filter((f) => f !== 'password');

export interface ConnectDeps {
  db: Kysely<Database>;
  clock: Clock;
  keys?: VaultKeyring | undefined;
  favicons: FaviconsService;
}

export function createConnectService({ db, clock, keys = NO_KEYRING, favicons }: ConnectDeps) {
  const now = () => clock().getTime();
  /** Lists and pages: the password is neither opened nor handed out. */
  const listed = (row: VaultAccountRow) => toAccount(row, openRow(keys, row, LIST_FIELDS));
  const withPassword = (row: VaultAccountRow): VaultAccountWithPassword => {
    const values = openRow(keys, row);
    return { ...toAccount(row, values), password: values.password };
  };

  /** The accounts, with `hasIcon` false where the hub knows neither the favicon URL nor the website gives an icon. */
  async function withKnownIcons(accounts: VaultAccount[]): Promise<VaultAccount[]> {
    const places = accounts.map((account) => ({
      at: isWebUrl(account.favicon) ? new URL(account.favicon) : undefined,
      site: isWebUrl(account.website) ? new URL(account.website) : undefined,
    }));
    const without = await favicons.knownWithoutIcon(places);
    return accounts.map((account, i) => (without[i] ? { ...account, hasIcon: false } : account));
  }

  async function newRows(trx: Db, ownerId: string, inputs: readonly CreateVaultAccountInput[]): Promise<NewVaultAccountRow[]> {
    const key = await sealingKey(trx, keys);
    const at = now();
    return inputs.map((input) => {
      const place = { id: crypto.randomUUID(), owner_id: ownerId };
      return {
        ...place,
        name: input.name,
        category: input.category ?? DEFAULT_VAULT_CATEGORY,
        username: sealValue(key, place, 'username', input.username ?? ''),
        email: sealValue(key, place, 'email', input.email ?? ''),
        password: sealValue(key, place, 'password', input.password ?? ''),
        website: sealValue(key, place, 'website', input.website ?? ''),
        favicon: sealValue(key, place, 'favicon', input.favicon ?? ''),
        created_at: at,
        updated_at: at,
      };
    });
  }

  /** Creates every account or none, in one transaction (the import hands them over at once). */
  async function createMany(ownerId: string, inputs: readonly CreateVaultAccountInput[]): Promise<VaultAccount[]> {
    const rows = await db.transaction().execute(async (trx) => {
      const made = await newRows(trx, ownerId, inputs);
      await insertVaultAccounts(trx, made);
      return made;
    });
    return rows.map((row) => listed(row as VaultAccountRow));
  }

  /**
   * Adds the accounts `choose` picks, given the owner's accounts as they are (without passwords),
   * reading and writing in one transaction: concurrent imports of one file add each account once.
   * Returns how many were added.
   */
  async function createManyNew(ownerId: string, choose: (existing: VaultAccount[]) => readonly CreateVaultAccountInput[]): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const inputs = choose((await allVaultAccounts(trx, ownerId)).map(listed));
      if (inputs.length === 0) return 0;
      await insertVaultAccounts(trx, await newRows(trx, ownerId, inputs));
      return inputs.length;
    });
  }

  return {
    /** The owner's accounts in name order (ignoring case), without passwords. */
    async list(ownerId: string, query: ListQuery<'name'>, filter: Omit<VaultFilter, 'search'>): Promise<Page<VaultAccount>> {
      const page = await listVaultAccounts(db, ownerId, { ...filter, search: query.search }, query.order, query);
      return { items: await withKnownIcons(page.items.map(listed)), total: page.total };
    },

    /** One account with its password: only `GET /api/accounts/{id}` hands it out. */
    async get(ownerId: string, id: string): Promise<VaultAccountWithPassword> {
      return withPassword(foundOr(await findVaultAccount(db, ownerId, id), VAULT_TEXT.notFound));
    },

    async create(ownerId: string, input: CreateVaultAccountInput): Promise<VaultAccount> {
      const [account] = await createMany(ownerId, [input]);
      return account!;
    },

    createMany,
    createManyNew,

    /** Changes what `input` carries ('' empties a field); the rest stays as it is. */
    async update(ownerId: string, id: string, input: UpdateVaultAccountInput): Promise<VaultAccount> {
      const row = await db.transaction().execute(async (trx) => {
        const found = foundOr(await findVaultAccount(trx, ownerId, id), VAULT_TEXT.notFound);
        const changes: VaultAccountChanges = {};
        if (input.name !== undefined) changes.name = input.name;
        if (input.category !== undefined) changes.category = input.category;
        const given = SEALED_FIELDS.filter((field) => input[field] !== undefined);
        if (given.length > 0) {
          const key = await sealingKey(trx, keys);
          for (const field of given) changes[field] = sealValue(key, found, field, input[field]!);
        }
        if (Object.keys(changes).length === 0) return found;
        changes.updated_at = now();
        await updateVaultAccount(trx, ownerId, id, changes);
        return { ...found, ...changes };
      });
      return listed(row);
    },

    /** Deleting opens nothing, so an account whose values no longer open can still go. */
    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await deleteVaultAccount(db, ownerId, id))) throw new NotFoundError(VAULT_TEXT.notFound);
    },

    /** Every account of the owner with its password, in list order (the export). */
    async listWithSecrets(ownerId: string): Promise<VaultAccountWithPassword[]> {
      return (await allVaultAccounts(db, ownerId)).map(withPassword);
    },

    /**
     * The account's icon, fetched and kept by the hub: its custom favicon URL, else its website's
     * icon; null when neither gives one (the page then shows the coloured initial).
     */
    async favicon(ownerId: string, id: string): Promise<SiteIcon | null> {
      const row = foundOr(await findVaultAccount(db, ownerId, id), VAULT_TEXT.notFound);
      const values = openRow(keys, row, ['favicon', 'website']);
      if (values.favicon && isWebUrl(values.favicon)) {
        const icon = await favicons.iconAt(new URL(values.favicon));
        if (!icon.generic) return icon;
      }
      if (values.website && isWebUrl(values.website)) {
        const icon = await favicons.iconFor(new URL(values.website));
        if (!icon.generic) return icon;
      }
      return null;
    },
  };
}

export type ConnectService = ReturnType<typeof createConnectService>;

/** Opens a value of another feature sealed with the vault key (a two-factor key), saying what is wrong when it does not open. */
function openElsewhere(keys: VaultKeyring, sealed: string, place: SealedPlace): string {
  try {
    return open((id) => keys.find(id), sealed, place);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    if (error.problem === 'unknown-key') {
      throw new VaultValueError(
        `The ${place.field} of ${place.rowId} was sealed with key ${error.keyId}, which this hub does not have (after a key rotation, restart the hub with the new key)`,
      );
    }
    throw new VaultValueError(`The ${place.field} of ${place.rowId} cannot be decrypted: it was changed outside the hub`);
  }
}

/** The vault key lent to other features (two-factor sign-in's TOTP keys): the same key, rotation and start-up check. */
export function createVaultSealer(keys: VaultKeyring = NO_KEYRING): ValueSealer {
  return {
    async seal(trx, value, place) {
      return seal(await sealingKey(trx, keys), value, place);
    },
    open: (sealed, place) => openElsewhere(keys, sealed, place),
  };
}

/** Sealed values by key id: the vault's and the two-factor keys'. */
async function everySealedValueByKey(trx: Db): Promise<Map<string, number>> {
  const counts = await sealedValuesByKey(trx);
  for (const [id, n] of await sealedTotpByKey(trx)) counts.set(id, (counts.get(id) ?? 0) + n);
  return counts;
}

/**
 * The vault key at start-up: decided from the settings, the key files and what the sealed values
 * name (VaultKeyError when their key is not at hand), then recorded as the key new values use. One
 * write transaction, so a rotation running beside it is either wholly before or wholly after.
 */
export async function openVaultKeys(db: Kysely<Database>, config: { dataDir: string; vaultKey?: Uint8Array }): Promise<ResolvedVaultKeys> {
  return db.transaction().execute(async (trx) => {
    const resolved = resolveVaultKeys(config, { valuesByKey: await everySealedValueByKey(trx), currentKeyId: await currentVaultKeyId(trx) });
    await setCurrentVaultKeyId(trx, resolved.keys.current().id);
    // Two-factor keys written before they were sealed (decision 0055) are sealed now, once.
    const sealed = await sealPlainTotpSecrets(trx, resolved.keys.current());
    if (sealed > 0) resolved.notes.push(`sealed ${sealed === 1 ? '1 two-factor key' : `${sealed} two-factor keys`} with the vault key`);
    return resolved;
  });
}

export interface ResealResult {
  accounts: number;
  values: number;
  /** Two-factor sign-in keys re-sealed beside the vault's values. */
  twoFactorKeys: number;
}

/**
 * Re-seals every value of every owner under `key` (the two-factor keys too) in one transaction and records it as the key
 * new values use. Any value that does not open stops it all (nothing changes).
 */
export async function resealVault(db: Kysely<Database>, keys: VaultKeyring, key: SecretKey): Promise<ResealResult> {
  return db.transaction().execute(async (trx) => {
    let values = 0;
    const rows = await everyVaultAccount(trx);
    for (const row of rows) {
      const opened = openRow(keys, row);
      const changes: VaultAccountChanges = {};
      for (const field of SEALED_FIELDS) {
        if (row[field] === null) continue;
        changes[field] = sealValue(key, row, field, opened[field]);
        values++;
      }
      if (Object.keys(changes).length > 0) await updateVaultAccount(trx, row.owner_id, row.id, changes);
    }
    const twoFactorKeys = await resealTotpSecrets(trx, (sealed, place) => openElsewhere(keys, sealed, place), key);
    await setCurrentVaultKeyId(trx, key.id);
    return { accounts: rows.length, values, twoFactorKeys };
  });
}
