// Connect's vault accounts as the API, the page and the island all see them: the entity, its
// categories with their labels and colours, the spec's texts and the limits both sides check.

export const VAULT_CATEGORIES = ['social', 'email', 'development', 'entertainment', 'finance', 'other'] as const;
export type VaultCategory = (typeof VAULT_CATEGORIES)[number];
/** The spec's default for a new vault account. */
export const DEFAULT_VAULT_CATEGORY: VaultCategory = 'social';

/** A vault account as lists and pages carry it: never the password, only whether one is kept. */
export interface VaultAccount {
  _id: string;
  /** The same as `_id` (the spec names both). */
  id: string;
  name: string;
  username: string;
  email: string;
  website: string;
  /** A custom favicon URL, or '' (then the website's own icon, else a coloured initial). */
  favicon: string;
  category: VaultCategory;
  hasPassword: boolean;
  /**
   * Whether the card should ask the hub for an icon: false when there is no website or favicon,
   * or when the hub already knows neither gives one (so the page asks for no sure 404).
   */
  hasIcon: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/accounts/{id}` alone: the account with its password, for reveal and copy. */
export interface VaultAccountWithPassword extends VaultAccount {
  password: string;
}

/** What `POST`/`PUT /api/accounts` accept (PUT: any subset). */
export interface VaultAccountInput {
  name: string;
  username?: string;
  email?: string;
  password?: string;
  website?: string;
  favicon?: string;
  category?: VaultCategory;
}

/** `POST /api/accounts/import`. */
export interface VaultImportResult {
  imported: number;
  /** Every entry not imported: the two counts below and the entries named in `errors`. */
  skipped: number;
  /** Entries the same as an account already in the vault (name ignoring case, username, site). */
  alreadyInVault: number;
  /** Entries the same as an earlier entry of the file itself. */
  repeatedInFile: number;
  /** One line per entry that could not be imported (its row, or the line of a malformed CSV row, and why); nothing secret in them. */
  errors: string[];
}

/**
 * Labels and colours per category, with a text colour that reads on each at WCAG AA. Only the
 * fallback (label 'Other', #607D8B) is the spec's; the others are the hub's own. Full class
 * names, so the stylesheet has them.
 */
export const VAULT_CATEGORY_STYLES: Record<VaultCategory, { label: string; hex: string; chip: string; initial: string }> = {
  social: { label: 'Social', hex: '#1565C0', chip: 'bg-[#1565C0] text-white', initial: 'bg-[#1565C0] text-white' },
  email: { label: 'Email', hex: '#C5221F', chip: 'bg-[#C5221F] text-white', initial: 'bg-[#C5221F] text-white' },
  development: { label: 'Development', hex: '#2DA44E', chip: 'bg-[#2DA44E] text-black', initial: 'bg-[#2DA44E] text-black' },
  entertainment: { label: 'Entertainment', hex: '#9C27B0', chip: 'bg-[#9C27B0] text-white', initial: 'bg-[#9C27B0] text-white' },
  finance: { label: 'Finance', hex: '#F9A825', chip: 'bg-[#F9A825] text-black', initial: 'bg-[#F9A825] text-black' },
  other: { label: 'Other', hex: '#607D8B', chip: 'bg-[#607D8B] text-black', initial: 'bg-[#607D8B] text-black' },
};

/** The label of a category; the spec's fallback 'Other' for anything unknown. */
export function vaultCategoryLabel(category: string): string {
  return (VAULT_CATEGORY_STYLES as Record<string, { label: string }>)[category]?.label ?? 'Other';
}

/** The spec's texts (Connect, section 5 and the error catalogue), verbatim where the spec has them. */
export const VAULT_TEXT = {
  title: 'Connect',
  tagline: 'Secure Account Management Hub',
  add: 'Add Account',
  addTitle: 'Add New Account',
  addButton: 'Add',
  editTitle: 'Edit Account',
  editButton: 'Update',
  visitSite: 'Visit Site',
  copied: 'Copied to clipboard!',
  copyFailed: 'Failed to copy to clipboard',
  loadFailed: 'Failed to load accounts',
  saveFailed: 'Failed to save account',
  deleteFailed: 'Failed to delete account',
  deleted: 'Account deleted successfully!',
  signInRequired: 'You must be logged in to perform this action',
  /** Not in the spec: the hub's own texts. */
  nameRequired: 'Account name is required',
  invalidEmail: 'Please enter a valid email address',
  invalidWebsite: 'Please enter a valid URL',
  invalidFavicon: 'Please enter a valid favicon URL',
  notFound: 'Account not found',
  created: 'Account added successfully!',
  updated: 'Account updated successfully!',
  exportPasswordWrong: 'Your password is not correct',
} as const;

/** Field limits (characters); the server refuses longer values with a 400. */
export const VAULT_LIMITS = {
  name: 200,
  username: 500,
  email: 320,
  password: 4096,
  website: 2048,
  favicon: 2048,
  /** An import file. */
  importBytes: 5 * 1024 * 1024,
  /** Entries in one import. */
  importEntries: 10_000,
} as const;

/** The spec's toast time for the vault. */
export const VAULT_TOAST_MS = 3000;
