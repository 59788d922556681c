// Row types of the favicons table: one stored icon (or remembered failure) per site origin.

/** Shared by all accounts, so it carries no owner: it holds nothing private. */
export interface FaviconsTable {
  /** "https://example.test": scheme, host and port, lower case; or a custom icon's full URL (iconAt). */
  origin: string;
  /** The icon's bytes; null for a failed lookup. */
  bytes: Uint8Array | null;
  /** From the bytes' magic number, never from the server's header; null for a failure. */
  content_type: string | null;
  /** Epoch milliseconds. */
  fetched_at: number;
  expires_at: number;
  /** 1 when no usable icon was found (the generic icon is served until expires_at). */
  failed: number;
}
