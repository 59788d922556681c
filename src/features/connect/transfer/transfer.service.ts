// Moving a vault in and out: an import file read whole (a malformed CSV row left out and named), its duplicates (of the owner's accounts and
// within the file) left out and the rest added in one transaction; the export as Bitwarden's CSV,
// handed out only for the owner's own password entered again.

import { UnauthorizedError } from '../../../errors.ts';
import { VAULT_TEXT, type VaultImportResult } from '../../../shared/connect.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { ConnectService } from '../connect.service.ts';
import { writeBitwardenCsv } from './bitwarden.ts';
import { importText, readImport } from './read-import.ts';

/**
 * What makes two accounts the same: the name ignoring case, the exact username, and the website's
 * origin (scheme, host and port: 'https://GitHub.com/login' and 'https://github.com' are one site).
 */
export function duplicateKey(account: { name: string; username: string; website: string }): string {
  let site = '';
  if (account.website) {
    try {
      site = new URL(account.website).origin;
    } catch {
      site = account.website;
    }
  }
  return JSON.stringify([account.name.trim().toLowerCase(), account.username, site]);
}

/** The day an export is made, for its file name (UTC). */
export const exportFileName = (at: Date) => `hub-vault-export-${at.toISOString().slice(0, 10)}.csv`;

export function createConnectTransferService({ connect, auth }: { connect: ConnectService; auth: AuthService }) {
  return {
    /**
     * Reads the file whole (a file that cannot be read changes nothing; a malformed row is left out
     * and named in `errors`), then adds its accounts that are not already there. The check and the writes are one transaction, so the same file sent
     * many times at once adds each account once.
     */
    async importFile(ownerId: string, bytes: Uint8Array): Promise<VaultImportResult> {
      const plan = readImport(importText(bytes));
      let alreadyInVault = 0;
      let repeatedInFile = 0;
      const created = await connect.createManyNew(ownerId, (existing) => {
        const inVault = new Set(existing.map(duplicateKey));
        const inFile = new Set<string>();
        alreadyInVault = 0;
        repeatedInFile = 0;
        return plan.entries
          .map((e) => e.account)
          .filter((account) => {
            const key = duplicateKey(account);
            if (inVault.has(key)) {
              alreadyInVault++;
              return false;
            }
            if (inFile.has(key)) {
              repeatedInFile++;
              return false;
            }
            inFile.add(key);
            return true;
          });
      });
      return { imported: created, skipped: plan.skipped + plan.entries.length - created, alreadyInVault, repeatedInFile, errors: plan.errors };
    },

    /** Every account of the owner as Bitwarden's CSV, after their password is checked under the guessing limit. */
    async exportCsv(ownerId: string, password: string, clientKey: string): Promise<string> {
      if (!(await auth.confirmPassword(ownerId, password, clientKey))) throw new UnauthorizedError(VAULT_TEXT.exportPasswordWrong);
      return writeBitwardenCsv(await connect.listWithSecrets(ownerId));
    },
  };
}

export type ConnectTransferService = ReturnType<typeof createConnectTransferService>;
