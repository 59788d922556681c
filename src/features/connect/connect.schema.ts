// zod schemas of Connect's API input. Text is trimmed except the password (its spaces count);
// '' empties a field. Fields the API does not take (_id, hasPassword, createdAt ...) are ignored,
// so a client may send a whole account back with one field changed.

import { z } from 'zod';
import { listQuerySchema } from '../../http/list-query.ts';
import { VAULT_CATEGORIES, VAULT_LIMITS, VAULT_TEXT } from '../../shared/connect.ts';
import { isWebUrl } from '../../shared/links.ts';

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

const name = z
  .string({ message: VAULT_TEXT.nameRequired })
  .trim()
  .min(1, VAULT_TEXT.nameRequired)
  .max(VAULT_LIMITS.name, tooLong('Account name', VAULT_LIMITS.name));
const username = z.string({ message: 'username must be text' }).trim().max(VAULT_LIMITS.username, tooLong('Username', VAULT_LIMITS.username));
const password = z.string({ message: 'password must be text' }).max(VAULT_LIMITS.password, tooLong('Password', VAULT_LIMITS.password));
const email = z
  .string({ message: 'email must be text' })
  .trim()
  .max(VAULT_LIMITS.email, tooLong('Email', VAULT_LIMITS.email))
  .refine((v) => v === '' || z.email().safeParse(v).success, VAULT_TEXT.invalidEmail);
/** An absolute http(s) URL, or '' for none. */
const webUrl = (label: string, max: number, message: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, tooLong(label === 'website' ? 'Website URL' : 'Favicon URL', max))
    .refine((v) => v === '' || isWebUrl(v), message);
const website = webUrl('website', VAULT_LIMITS.website, VAULT_TEXT.invalidWebsite);
const favicon = webUrl('favicon', VAULT_LIMITS.favicon, VAULT_TEXT.invalidFavicon);
const category = z.enum(VAULT_CATEGORIES, { message: `Category must be one of ${VAULT_CATEGORIES.join(', ')}` });

export const createVaultAccountSchema = z.object({
  name,
  username: username.optional(),
  email: email.optional(),
  password: password.optional(),
  website: website.optional(),
  favicon: favicon.optional(),
  category: category.optional(),
});
export type CreateVaultAccountInput = z.output<typeof createVaultAccountSchema>;

/** Partial: an omitted field stays as it is; '' empties it (the name cannot be emptied). */
export const updateVaultAccountSchema = createVaultAccountSchema.partial();
export type UpdateVaultAccountInput = z.output<typeof updateVaultAccountSchema>;

/** The list: paging (limit/offset or page) and a search by name; always in name order (asc by default). */
export const vaultListQuery = listQuerySchema({ sorts: ['name'], defaultSort: 'name', defaultOrder: 'asc', defaultLimit: 100, maxLimit: 1000 });

/** The list's own filter: a category chip. */
export const vaultFilters = z.object({ category: category.optional() });
