// /api/uploads: resumable uploads over tus 1.0.0 (core, creation, creation-with-upload,
// termination, expiration, checksum with sha1; decision 0047), plus GET /api/uploads/{id} for the
// hub's own answer (uploading, done with the item, failed with the reason). Signed in only; an
// upload is its creator's (anyone else gets 404). Every refusal is `{error}` JSON.

import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../../errors.ts';
import { LOCK_TEXT } from '../../../shared/locks.ts';
import { TUS_VERSION, UPLOADS_PATH } from '../../../shared/uploads.ts';
import { requireSignIn, type SignedInEnv } from '../../auth/auth.middleware.ts';
import type { UploadRow } from '../uploads.table.ts';
import { byteCount, isOffsetStream, optionalByteCount } from './tus.schema.ts';
import { parseMetadata, UPLOADS_TEXT, UploadAnswerError, type UploadsService } from './tus.service.ts';

/** The routes that stream their bodies, for the app's small-body exemption. */
export const UPLOADS_STREAMED_ROUTES = [`POST ${UPLOADS_PATH}`, `PATCH ${UPLOADS_PATH}/:id`];

export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination,expiration,checksum';
const TUS_TEXT = { version: `Tus-Resumable must be ${TUS_VERSION}` } as const;

type Ctx = Context<SignedInEnv>;

function uploads(c: Ctx): UploadsService {
  return c.var.services.uploads;
}

/** Headers on every tus answer (an upload's are no-store: offsets change). */
function tusHeaders(c: Ctx): void {
  c.header('Tus-Resumable', TUS_VERSION);
  c.header('Cache-Control', 'no-store');
}

function expiresOf(row: UploadRow): string {
  return new Date(row.expires_at).toUTCString();
}

/** Answers a refusal as `{error}` with the tus headers; anything unexpected goes on to the app's handler. */
async function answering(c: Ctx, handle: () => Promise<Response>): Promise<Response> {
  tusHeaders(c);
  try {
    return await handle();
  } catch (error) {
    if (error instanceof UploadAnswerError) return c.json({ error: error.message }, error.status as ContentfulStatusCode);
    if (error instanceof AppError) return c.json({ error: error.message }, error.status as ContentfulStatusCode);
    throw error;
  }
}

/** Requests other than OPTIONS and the hub's own GET must speak tus 1.0.0. */
function versionRefused(c: Ctx): Response | null {
  if (c.req.header('tus-resumable') === TUS_VERSION) return null;
  c.header('Tus-Version', TUS_VERSION);
  return c.json({ error: TUS_TEXT.version }, 412);
}

function contentLengthOf(c: Ctx): number | undefined {
  return optionalByteCount(c.req.header('content-length'), 'Content-Length must be a whole number of bytes');
}

/** The answer to a PATCH (or a POST with bytes) that wrote: the new offset, or the finished upload's refusal. */
function afterWrite(c: Ctx, result: Awaited<ReturnType<UploadsService['append']>>): void {
  c.header('Upload-Offset', String(result.row.offset));
  c.header('Upload-Expires', expiresOf(result.row));
}

export const uploadsApi = new Hono<SignedInEnv>()
  // Discovery needs no upload (and so no particular user), only the way in.
  .options('/', (c) => {
    const { maxUploadBytes } = c.var.deps.config.media;
    c.header('Tus-Resumable', TUS_VERSION);
    c.header('Tus-Version', TUS_VERSION);
    c.header('Tus-Extension', TUS_EXTENSIONS);
    c.header('Tus-Max-Size', String(maxUploadBytes));
    c.header('Tus-Checksum-Algorithm', 'sha1');
    return c.body(null, 204);
  })
  .options('/:id', (c) => {
    c.header('Tus-Resumable', TUS_VERSION);
    c.header('Tus-Version', TUS_VERSION);
    c.header('Tus-Extension', TUS_EXTENSIONS);
    c.header('Tus-Checksum-Algorithm', 'sha1');
    return c.body(null, 204);
  })
  .use('*', requireSignIn())
  .post('/', (c) =>
    answering(c, async () => {
      const refused = versionRefused(c);
      if (refused) return refused;
      if (c.req.header('upload-defer-length') !== undefined) return c.json({ error: UPLOADS_TEXT.deferNotSupported }, 400);
      const length = byteCount(c.req.header('upload-length'), UPLOADS_TEXT.lengthRequired);
      const metadata = parseMetadata(c.req.header('upload-metadata'));
      // Into premium while premium is locked on this device: as /api/premium/upload would be (decision 0057).
      if (metadata.get('gallery') === 'premium' && (await c.var.services.locks.isLocked(c.var.viewer, 'premium'))) {
        return c.json({ error: LOCK_TEXT.locked.premium, locked: true }, 403);
      }
      // creation-with-upload: the first bytes may come with the creation.
      const withBytes = c.req.header('content-type') !== undefined && (contentLengthOf(c) ?? 1) > 0;
      if (withBytes && !isOffsetStream(c.req.header('content-type'))) return c.json({ error: UPLOADS_TEXT.contentType }, 415);
      const row = await uploads(c).create(c.var.viewer.id, { length, metadata });
      c.header('Location', `${UPLOADS_PATH}/${row.id}`);
      c.header('Upload-Expires', expiresOf(row));
      if (!withBytes) {
        c.header('Upload-Offset', '0');
        return c.body(null, 201);
      }
      try {
        const result = await uploads(c).append(c.var.viewer.id, row.id, {
          offset: 0,
          body: c.req.raw.body,
          contentLength: contentLengthOf(c),
          checksum: c.req.header('upload-checksum'),
        });
        afterWrite(c, result);
        if (result.refused) return c.json({ error: result.refused.error }, result.refused.status);
        return c.body(null, 201);
      } catch (error) {
        // The upload exists whatever happened to its first bytes: the client resumes from HEAD.
        if (error instanceof AppError || error instanceof UploadAnswerError) {
          const now = await uploads(c)
            .status(c.var.viewer.id, row.id)
            .catch(() => null);
          c.header('Upload-Offset', String(now?.offset ?? 0));
        }
        throw error;
      }
    }),
  )
  .get('/:id', (c) =>
    answering(c, async () => {
      if (c.req.method === 'HEAD') {
        // HEAD (Hono answers it with the GET route): the tus view of the upload.
        const refused = versionRefused(c);
        if (refused) return c.body(null, 412);
        try {
          const row = await uploads(c).status(c.var.viewer.id, c.req.param('id'));
          c.header('Upload-Offset', String(row.offset));
          c.header('Upload-Length', String(row.length));
          c.header('Upload-Expires', expiresOf(row));
          return c.body(null, 200);
        } catch (error) {
          if (error instanceof AppError) return c.body(null, error.status as ContentfulStatusCode);
          throw error;
        }
      }
      const view = await uploads(c).view(c.var.viewer.id, c.req.param('id'));
      // A premium item stays out of sight while premium is locked (decision 0057).
      if (view.state === 'done' && view.media.source === 'premium' && (await c.var.services.locks.isLocked(c.var.viewer, 'premium'))) {
        return c.json({ error: LOCK_TEXT.locked.premium, locked: true }, 403);
      }
      return c.json(view);
    }),
  )
  .patch('/:id', (c) =>
    answering(c, async () => {
      const refused = versionRefused(c);
      if (refused) return refused;
      if (!isOffsetStream(c.req.header('content-type'))) return c.json({ error: UPLOADS_TEXT.contentType }, 415);
      const offset = byteCount(c.req.header('upload-offset'), UPLOADS_TEXT.offsetRequired);
      const result = await uploads(c).append(c.var.viewer.id, c.req.param('id'), {
        offset,
        body: c.req.raw.body,
        contentLength: contentLengthOf(c),
        checksum: c.req.header('upload-checksum'),
      });
      afterWrite(c, result);
      if (result.refused) return c.json({ error: result.refused.error }, result.refused.status);
      return c.body(null, 204);
    }),
  )
  .delete('/:id', (c) =>
    answering(c, async () => {
      const refused = versionRefused(c);
      if (refused) return refused;
      await uploads(c).terminate(c.var.viewer.id, c.req.param('id'));
      return c.body(null, 204);
    }),
  );
