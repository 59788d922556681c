// Row types of the model_pictures table: one stored picture (or remembered failure) per picture URL.

/**
 * Keyed by the URL's hash, not by model or owner: two models with the same URL share one row. The
 * row holds the bytes the URL answered, not who keeps the model.
 */
export interface ModelPicturesTable {
  /** sha256 (hex) of the picture's URL. */
  url_hash: string;
  /** The picture's bytes; null for a failed fetch. */
  bytes: Uint8Array | null;
  /** From the bytes' magic number, never from the server's header; null for a failure. */
  content_type: string | null;
  /** Epoch milliseconds. */
  fetched_at: number;
  expires_at: number;
  /** 1 when the URL gave no usable picture (404 until expires_at). */
  failed: number;
}
