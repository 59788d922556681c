// The words and statuses of the tus uploads' refusals (decision 0047), shared by the service, the
// files on disk and the routes.

import { InvalidError } from '../../../errors.ts';
import { formatSize } from '../../../shared/media.ts';

/** Unfinished uploads one user may hold at once: reserving disk space costs nothing until bytes come. */
export const MAX_UNFINISHED_UPLOADS = 20;
export const UPLOADS_TEXT = {
  notFound: 'Upload not found',
  lengthRequired: 'Upload-Length must be given, as a whole number of bytes',
  deferNotSupported: 'Upload-Defer-Length is not supported: give Upload-Length',
  metadataBroken: 'Upload-Metadata must be comma-separated keys, each with a base64 value',
  filenameRequired: 'Upload-Metadata must name the file (filename)',
  badGallery: 'Upload-Metadata gallery must be gallery or premium',
  offsetRequired: 'Upload-Offset must be given, as a whole number of bytes',
  wrongOffset: (offset: number) => `Upload-Offset does not match: the upload has ${offset} bytes`,
  busy: 'Another request is sending bytes to this upload',
  notUploading: 'This upload is complete: it takes no more bytes',
  beingProcessed: 'This upload is being processed',
  pastLength: 'The body goes past Upload-Length',
  contentType: 'Send the bytes as application/offset+octet-stream',
  tooMany: `You have ${MAX_UNFINISHED_UPLOADS} unfinished uploads: finish or delete one first`,
  noSpace: 'There is not enough free disk space for this upload',
  /** 413: the member's own unfinished uploads reserve as much as one member may (MAX_RESERVED_UPLOAD_BYTES). */
  overReserve: (held: number, length: number, max: number) =>
    `Your unfinished uploads already reserve ${formatSize(held)} of the ${formatSize(max)} one member may reserve at once; this one needs ${formatSize(length)} more. Finish or delete one first`,
  /** 413: beside the member's other unfinished uploads, this one would take more than half the disk space the other members leave free. */
  overShare: (held: number, length: number, left: number) =>
    `Your unfinished uploads already reserve ${formatSize(held)}; with this one (${formatSize(length)}) they would take more than half the ${formatSize(left)} of free disk space left for everyone. Finish or delete one first`,
  checksumAlgorithm: 'Upload-Checksum must be sha1 with a base64 digest',
  checksumMismatch: 'The bytes do not match Upload-Checksum: they were not kept',
  interrupted: 'The upload was interrupted',
  processingFailed: 'The upload could not be processed',
} as const;

/** An answer outside the hub's usual statuses (tus's 412 and 460, 507). */
export class UploadAnswerError extends Error {
  constructor(
    readonly status: 412 | 460 | 507,
    message: string,
  ) {
    super(message);
  }
}

/** The body failed before its end: the client went away. Nothing went wrong here (no error in the log). */
export class UploadInterruptedError extends InvalidError {
  constructor(cause: unknown) {
    super(UPLOADS_TEXT.interrupted);
    this.cause = cause;
  }
}
