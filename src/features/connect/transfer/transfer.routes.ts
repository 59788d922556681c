// Connect's import and export calls (POST /api/accounts/import, POST /api/accounts/export), paths
// relative to /api/accounts: the Connect API (connect.routes.ts) takes them in before its /{id}
// routes, so 'import' and 'export' are never read as account ids.

import { Hono } from 'hono';
import { z } from 'zod';
import { readJson } from '../../../http/body.ts';
import { clientAddress } from '../../../http/credentials.ts';
import { readUploadedFile } from '../../../http/uploaded-file.ts';
import { VAULT_LIMITS, VAULT_TEXT } from '../../../shared/connect.ts';
import { requireSignIn } from '../../auth/auth.middleware.ts';
import { IMPORT_TEXT } from './read-import.ts';
import { exportFileName } from './transfer.service.ts';

/** The import streams its own body (up to VAULT_LIMITS.importBytes): app.ts exempts it from the small-body limit. */
export const CONNECT_IMPORT_ROUTE = 'POST /api/accounts/import';

export const EXPORT_PASSWORD_REQUIRED = 'Your password is required to export your accounts';

export const exportSchema = z.object({
  password: z.string({ message: EXPORT_PASSWORD_REQUIRED }).min(1, EXPORT_PASSWORD_REQUIRED).max(4096, 'The password is too long'),
});

export const connectTransferApi = new Hono()
  .use('/import', requireSignIn(VAULT_TEXT.signInRequired))
  .use('/export', requireSignIn(VAULT_TEXT.signInRequired))

  // The file as multipart field `file`, or as the raw body (any type).
  .post('/import', async (c) => {
    const bytes = await readUploadedFile(c, { maxBytes: VAULT_LIMITS.importBytes, tooLarge: IMPORT_TEXT.tooLarge, noFile: IMPORT_TEXT.noFile });
    return c.json(await c.var.services.connectTransfer.importFile(c.var.viewer.id, bytes));
  })

  .post('/export', async (c) => {
    const { password } = await readJson(c, exportSchema);
    const csv = await c.var.services.connectTransfer.exportCsv(c.var.viewer.id, password, clientAddress(c));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(c.var.deps.clock())}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(csv);
  });
