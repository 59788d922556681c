// What the ingest takes in: a request's parts, from whichever way the bytes arrived (a multipart
// body read by uploads/multipart, a finished tus upload, a folder copied in by the CLI). The ingest
// defines them, and the ways in produce them, so uploads depend on media and never the reverse.

export type UploadPart =
  | { kind: 'field'; name: string; value: string; truncated: boolean }
  /** `stream` must be read to its end or cancelled (which skips the rest) before the next part comes. */
  | {
      kind: 'file';
      field: string;
      name: string;
      stream: ReadableStream<Uint8Array>;
      /** A file already whole on the hub's disk (a finished resumable upload): a store that can take it by a rename does. */
      path?: string;
    };

export interface MultipartLimits {
  /** Files in one request. */
  files: number;
  /** Text fields in one request. */
  fields: number;
  /** Bytes of one text field's value. */
  fieldBytes: number;
}
