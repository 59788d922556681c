// POST /api/gallery/upload and /api/premium/upload: files into The Red Room or premium, streamed (the route is exempt from the small
// body limit; the upload enforces its own, per file and per request). app.ts mounts multipartApi(gallery) on each gallery's path.
// The path of the bytes (decision 0071): this handler → multipartParts (multipart.ts, over the
// streaming reader of multipart-reader.ts) → services.mediaIngest.upload (media/ingest/ingest.service.ts),
// which sniffs each file, streams it into the store and writes the rows with their processing job.

import { Hono } from 'hono';
import type { UploadResult } from '../../../shared/media.ts';
import { requireSignIn, type SignedInEnv } from '../../auth/auth.middleware.ts';
import { UPLOAD_LIMITS } from '../../media/ingest/ingest.service.ts';
import type { GalleryName } from '../../media/media.table.ts';
import { multipartParts } from './multipart.ts';

/** The routes that stream their bodies, for the app's small-body exemption. */
export const INGEST_UPLOAD_ROUTES = ['POST /api/gallery/upload', 'POST /api/premium/upload'];

/** Handler of an upload into `gallery`. */
export const uploadInto = (gallery: GalleryName) =>
  async function upload(c: import('hono').Context<SignedInEnv>) {
    const ingest = c.var.services.mediaIngest;
    if (!ingest) throw new Error('The media store is not open');
    const outcome = await ingest.upload(c.var.viewer.id, gallery, multipartParts(c.req.raw, UPLOAD_LIMITS));
    const body: UploadResult = { media: outcome.media, errors: outcome.errors };
    if (outcome.status === 201) return c.json(body, 201);
    // No file was accepted: the first refusal's status and words, with every refusal listed.
    return c.json({ error: outcome.errors[0]?.error ?? 'Upload refused', ...body }, outcome.status);
  };

/** The gallery's upload route, mounted at the gallery's API path (/api/gallery, /api/premium). */
export const multipartApi = (gallery: GalleryName) => new Hono<SignedInEnv>().post('/upload', requireSignIn(), uploadInto(gallery));
