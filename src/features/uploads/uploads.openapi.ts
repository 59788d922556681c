// Resumable uploads (/api/uploads, tus 1.0.0) in the OpenAPI document. The tus calls carry their
// facts in headers and bytes (application/offset+octet-stream), not JSON; the hub's own
// GET /api/uploads/{id} answers JSON, checked against the shared type.

import { z } from 'zod';
import type { UploadView } from '../../shared/uploads.ts';
import { mediaItemSchema } from '../media/media.openapi.ts';
import { type ApiOperation, type ApiPaths, errorSchema, errors, GATE, json, pathParams, type Same, sameShape } from '../openapi/openapi.parts.ts';

const uploadViewSchema = z
  .discriminatedUnion('state', [
    z.object({ state: z.literal('uploading'), offset: z.number(), length: z.number() }),
    z.object({ state: z.literal('done'), media: mediaItemSchema }),
    z.object({ state: z.literal('failed'), error: z.string() }),
  ])
  .meta({ id: 'UploadView' });
sameShape<Same<z.output<typeof uploadViewSchema>, UploadView>>();

const tags = ['Resumable uploads (tus)'];
const id = pathParams('id');
const integer = { type: 'integer' as const, minimum: 0 };
const text = { type: 'string' as const };
const tusResumable = z.object({ 'tus-resumable': z.literal('1.0.0').meta({ description: 'The tus version: 1.0.0' }) });
const answerHeaders = {
  'Tus-Resumable': { description: '1.0.0', schema: text },
  'Upload-Offset': { description: 'Bytes received so far', schema: integer },
  'Upload-Expires': { description: 'When an unfinished upload is removed (HTTP date)', schema: text },
};
const bytesBody: ApiOperation['requestBody'] = {
  required: true,
  content: { 'application/offset+octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
};
/** What a finished upload can be refused with once its last byte is in (the same as a multipart upload's). */
const finishRefusals = errors(409, 413, 415);
const tusRefusals = {
  '412': {
    description: 'Tus-Resumable is missing or not 1.0.0 (answers Tus-Version)',
    headers: { 'Tus-Version': { schema: text } },
    content: { 'application/json': { schema: errorSchema } },
  },
  '460': {
    description: 'Upload-Checksum does not match the bytes, or its algorithm is not sha1',
    content: { 'application/json': { schema: errorSchema } },
  },
};
const discovery: ApiOperation = {
  tags,
  summary: 'What the server supports (tus discovery)',
  security: GATE,
  responses: {
    '204': {
      description: 'The tus version, extensions, largest upload and checksum algorithm',
      headers: {
        'Tus-Version': { schema: text },
        'Tus-Extension': { description: 'creation,creation-with-upload,termination,expiration,checksum', schema: text },
        'Tus-Max-Size': { description: 'MAX_UPLOAD_BYTES (on /api/uploads)', schema: integer },
        'Tus-Checksum-Algorithm': { schema: text },
      },
    },
  },
};

export const uploadsPaths: ApiPaths = {
  '/api/uploads': {
    options: discovery,
    post: {
      tags,
      summary: 'Create an upload (optionally with its first bytes)',
      description:
        'Upload-Metadata (tus: comma-separated `key base64value`): `filename` (required), `filetype`, `gallery` (`gallery` or `premium`, default `gallery`), `title`, `tags` (comma-joined), `modelId`. With Content-Type application/offset+octet-stream the body is the first bytes (creation-with-upload).',
      requestParams: {
        header: tusResumable.extend({
          'upload-length': z.string().meta({ description: 'The file size in bytes', pattern: '^\\d+$' }),
          'upload-metadata': z.string().meta({ description: 'filename (required), filetype, gallery, title, tags, modelId; values base64' }),
          'upload-checksum': z.string().optional().meta({ description: 'sha1 <base64 digest> of the bytes sent with the creation' }),
        }),
      },
      requestBody: { ...bytesBody, required: false },
      responses: {
        '201': {
          description: 'Created; Location is the upload’s address',
          headers: { Location: { description: '/api/uploads/{id}', schema: text }, ...answerHeaders },
        },
        ...errors(400),
        ...finishRefusals,
        ...tusRefusals,
        '507': {
          description:
            'The free disk space cannot take this upload beside every unfinished one. (An upload past what one member may reserve, MAX_RESERVED_UPLOAD_BYTES or half the free space the others leave, is 413 with the reason.)',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    },
  },
  '/api/uploads/{id}': {
    options: { ...discovery, requestParams: { path: id } },
    head: {
      tags,
      summary: 'Where an upload stands (tus): its offset and length',
      requestParams: { path: id, header: tusResumable },
      responses: {
        '200': { description: 'Upload-Offset, Upload-Length and Upload-Expires', headers: { ...answerHeaders, 'Upload-Length': { schema: integer } } },
        '404': { description: 'No such upload (or another user’s, or removed)' },
        '412': { description: 'Tus-Resumable is missing or not 1.0.0' },
      },
    },
    get: {
      tags,
      summary: 'Where an upload stands: uploading (offset, length), done (the item) or failed (why)',
      requestParams: { path: id },
      responses: { '200': json(uploadViewSchema, 'The upload'), ...errors(404) },
    },
    patch: {
      tags,
      summary: 'Append bytes at Upload-Offset',
      description:
        'A wrong Upload-Offset, or another PATCH on the same upload at the same time, is 409. The last byte makes the item, with the same checks as a multipart upload (413, 415).',
      requestParams: {
        path: id,
        header: tusResumable.extend({
          'upload-offset': z.string().meta({ description: 'Where these bytes go: the offset the server has', pattern: '^\\d+$' }),
          'upload-checksum': z.string().optional().meta({ description: 'sha1 <base64 digest> of this request’s bytes' }),
        }),
      },
      requestBody: bytesBody,
      responses: { '204': { description: 'Appended', headers: answerHeaders }, ...errors(400, 404), ...finishRefusals, ...tusRefusals },
    },
    delete: {
      tags,
      summary: 'Terminate an upload: its bytes are removed (later requests are 404)',
      requestParams: { path: id, header: tusResumable },
      responses: { '204': { description: 'Removed', headers: { 'Tus-Resumable': { schema: text } } }, ...errors(404), '412': tusRefusals['412'] },
    },
  },
};
