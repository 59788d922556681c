// What every import format becomes: a login as the file held it (RawLogin), checked and mapped to a
// vault account (website made absolute, category from the folder or the domain, email from an
// email-shaped username) or refused with a reason that names the row but never a secret.

import { z } from 'zod';
import { firstIssue } from '../../../http/body.ts';
import { DEFAULT_VAULT_CATEGORY, VAULT_CATEGORIES, type VaultAccountInput, type VaultCategory } from '../../../shared/connect.ts';
import { isWebUrl } from '../../../shared/links.ts';
import { createVaultAccountSchema } from '../connect.schema.ts';

/** A login as an exporter wrote it, before any rule of the vault is applied. */
export interface RawLogin {
  /** Where it is in the file, for messages: 'Row 4' (CSV, as a spreadsheet numbers rows) or 'Item 3' (JSON). */
  where: string;
  name: string;
  username: string;
  password: string;
  /** Every address the entry had, first the one it was saved for. */
  uris: string[];
  /** The folder or group it sat in ('' when none). */
  folder: string;
  /** An email kept apart from the username (the hub's own export writes one as a custom field); undefined when the file has none. */
  email?: string | undefined;
  /** A custom favicon URL (the hub's own export); undefined when the file has none. */
  favicon?: string | undefined;
  /** Whether the entry held what the vault has no place for (notes, a TOTP secret, custom fields). */
  extras: boolean;
}

/** One login the import will add, with where it came from. */
export interface ImportEntry {
  where: string;
  account: Required<VaultAccountInput>;
}

/** A whole file, read: the accounts to add, how many entries were left out, and why. */
export interface ImportPlan {
  entries: ImportEntry[];
  skipped: number;
  errors: string[];
}

/** Whether a text is an email address by the same rule the vault's own form uses. */
export const isEmailShaped = (text: string) => z.email().safeParse(text).success;

/** A host written without a scheme, as Bitwarden keeps many ('twitter.com', 'localhost:8080/x'). */
const BARE_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An address as a website: http(s) kept as written, a bare host given https://, anything else null. */
export function webAddress(uri: string): string | null {
  const text = uri.trim();
  if (text === '') return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !BARE_HOST.test(text)) return isWebUrl(text) ? text : null;
  if (BARE_HOST.test(text) && isWebUrl(`https://${text}`)) return `https://${text}`;
  return null;
}

/** A name for an entry that has none: the address's host without 'www.', else the address itself. */
export function nameFromAddress(uri: string): string {
  const text = uri.trim();
  const web = webAddress(text);
  if (web) return new URL(web).hostname.replace(/^www\./, '');
  try {
    const host = new URL(text).hostname;
    if (host) return host;
  } catch {
    // not a URL at all: the text is the best name there is
  }
  return text;
}

/** Folder and group names that say a category plainly (lower case). */
const FOLDER_CATEGORIES: Record<string, VaultCategory> = {
  social: 'social',
  'social media': 'social',
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  development: 'development',
  dev: 'development',
  developer: 'development',
  programming: 'development',
  entertainment: 'entertainment',
  games: 'entertainment',
  gaming: 'entertainment',
  streaming: 'entertainment',
  finance: 'finance',
  banking: 'finance',
  bank: 'finance',
  homebanking: 'finance',
  money: 'finance',
  other: 'other',
};

/** Well-known sites whose category is not in doubt, by registrable domain. */
const DOMAIN_CATEGORIES: Record<string, VaultCategory> = {
  'facebook.com': 'social',
  'instagram.com': 'social',
  'twitter.com': 'social',
  'x.com': 'social',
  'reddit.com': 'social',
  'linkedin.com': 'social',
  'tiktok.com': 'social',
  'discord.com': 'social',
  'mastodon.social': 'social',
  'gmail.com': 'email',
  'mail.google.com': 'email',
  'outlook.com': 'email',
  'live.com': 'email',
  'hotmail.com': 'email',
  'proton.me': 'email',
  'protonmail.com': 'email',
  'fastmail.com': 'email',
  'mail.yahoo.com': 'email',
  'github.com': 'development',
  'gitlab.com': 'development',
  'bitbucket.org': 'development',
  'stackoverflow.com': 'development',
  'npmjs.com': 'development',
  'netflix.com': 'entertainment',
  'spotify.com': 'entertainment',
  'youtube.com': 'entertainment',
  'twitch.tv': 'entertainment',
  'hulu.com': 'entertainment',
  'disneyplus.com': 'entertainment',
  'steampowered.com': 'entertainment',
  'paypal.com': 'finance',
  'stripe.com': 'finance',
  'wise.com': 'finance',
  'revolut.com': 'finance',
  'coinbase.com': 'finance',
};

/**
 * Words in a site's host name that tell its kind, for sites not in DOMAIN_CATEGORIES: each is
 * tried on every label of the host but the last (the top-level domain), and on each hyphenated
 * part of a label, left to right; the first hit decides. Whole words, or a stem at the start or end
 * of a label ('mybank', 'hotmail', 'gitea', 'hbotv'), never a stem in the middle of one.
 */
const SITE_WORDS: readonly [VaultCategory, RegExp][] = [
  ['email', /^(?:e?mail|webmail|imap|smtp|inbox|posteo|tutanota|tuta|gmx|zoho)$|^mail|mail$/],
  [
    'development',
    /^(?:code|dev|ci|jenkins|jira|gerrit|sonarcloud|registry|docker|npm|npmjs|pypi|crates|codeberg|sourcehut|sr|forgejo|bitbucket|vercel|netlify|heroku|circleci|travis)$|^git/,
  ],
  [
    'finance',
    /^bank|bank$|banking|^pay|pay$|^(?:paypal|venmo|klarna|stripe|wise|revolut|n26|chase|amex|citi|hsbc|barclays|ing|schwab|fidelity|vanguard|robinhood|coinbase|kraken|binance|broker|brokerage|invest|finance|credit|wallet)$|^crypto/,
  ],
  [
    'entertainment',
    /^(?:tv|video|videos|stream|streaming|music|movie|movies|film|films|cinema|vimeo|dailymotion|crunchyroll|deezer|tidal|soundcloud|plex|jellyfin|emby|max|primevideo|hbomax|paramountplus|peacocktv|dazn|mubi|steam|epicgames|gog|itch)$|tv$|flix$|stream$|video$|music$/,
  ],
];

/** The category a host name's words suggest, or null. */
function siteWordsCategory(hostname: string): VaultCategory | null {
  const labels = hostname
    .replace(/^www\./, '')
    .split('.')
    .slice(0, -1);
  for (const label of labels) {
    for (const word of [label, ...label.split('-')]) {
      for (const [category, words] of SITE_WORDS) if (word && words.test(word)) return category;
    }
  }
  return null;
}

/**
 * The category of a folder ('Finance', 'Root/Homebanking'), else of the site (a well-known one,
 * else what its host name's words suggest: mail, code hosting, banks and payments, video and
 * streaming), else the default (social).
 */
export function categoryFor(folder: string, website: string): VaultCategory {
  const name = folder.split('/').pop()?.trim().toLowerCase() ?? '';
  if ((VAULT_CATEGORIES as readonly string[]).includes(name)) return name as VaultCategory;
  const named = FOLDER_CATEGORIES[name];
  if (named) return named;
  if (website) {
    const hostname = new URL(website).hostname.toLowerCase();
    const labels = hostname.split('.');
    // The host and each parent domain: mail.google.com, google.com.
    for (let k = 0; k < labels.length - 1; k++) {
      const found = DOMAIN_CATEGORIES[labels.slice(k).join('.')];
      if (found) return found;
    }
    const guessed = siteWordsCategory(hostname);
    if (guessed) return guessed;
  }
  return DEFAULT_VAULT_CATEGORY;
}

/** An entry's name in a message: short, on one line. */
function label(where: string, name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  if (!flat) return where;
  return `${where} (${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat})`;
}

/**
 * The account a login becomes, checked by the same schema as an account added by hand (trimmed,
 * limits, email and URL rules), or the reason it cannot be one. `notes` collects what the user
 * should know about an entry that was imported all the same (an address dropped).
 */
export function toAccount(login: RawLogin, notes: string[]): { account: Required<VaultAccountInput> } | { error: string } {
  const addresses = login.uris.map((u) => u.trim()).filter((u) => u !== '');
  const webs = addresses.map(webAddress).filter((u): u is string => u !== null);
  const website = webs[0] ?? '';
  const name = login.name.trim() || (addresses[0] ? nameFromAddress(addresses[0]) : '');
  const who = label(login.where, name);
  if (!name) return { error: `${login.where}: no name and no website` };
  const username = login.username.trim();
  const checked = createVaultAccountSchema.safeParse({
    name,
    username,
    email: login.email ?? (isEmailShaped(username) ? username : ''),
    password: login.password,
    website,
    favicon: login.favicon ?? '',
    category: categoryFor(login.folder, website),
  });
  if (!checked.success) return { error: `${who}: ${firstIssue(checked.error)}` };
  if (addresses.length > 0 && webs.length === 0) notes.push(`${who}: imported without a website (its address is not a web address)`);
  else if (webs.length > 1) notes.push(`${who}: imported with the first of its ${webs.length} web addresses`);
  const a = checked.data;
  return {
    account: {
      name: a.name,
      username: a.username ?? '',
      email: a.email ?? '',
      password: a.password ?? '',
      website: a.website ?? '',
      favicon: a.favicon ?? '',
      category: a.category ?? DEFAULT_VAULT_CATEGORY,
    },
  };
}

/** How the messages about entries left out on purpose read. */
export const SKIP_TEXT = {
  notLogins: (n: number) =>
    `${n === 1 ? '1 entry was' : `${n.toLocaleString('en')} entries were`} not a login (a note, card or identity) and ${n === 1 ? 'was' : 'were'} skipped`,
  extras: (n: number) =>
    `${n === 1 ? '1 entry had' : `${n.toLocaleString('en')} entries had`} notes, one-time-password secrets or custom fields, which the vault does not keep`,
} as const;

/**
 * The plan for a file's logins: each mapped or refused (a refused one is skipped with its reason);
 * `notLogins` entries of other kinds and `dropped` ones (a recycle bin) are counted as skipped.
 */
export function planImport(logins: RawLogin[], counts: { notLogins?: number; dropped?: number } = {}): ImportPlan {
  const entries: ImportEntry[] = [];
  const errors: string[] = [];
  const notes: string[] = [];
  let skipped = (counts.notLogins ?? 0) + (counts.dropped ?? 0);
  let extras = 0;
  for (const login of logins) {
    const result = toAccount(login, notes);
    if ('error' in result) {
      errors.push(result.error);
      skipped++;
      continue;
    }
    entries.push({ where: login.where, account: result.account });
    if (login.extras) extras++;
  }
  if (counts.notLogins) errors.push(SKIP_TEXT.notLogins(counts.notLogins));
  if (extras) notes.push(SKIP_TEXT.extras(extras));
  return { entries, skipped, errors: [...errors, ...notes] };
}
