// After an import whose answer has lines about its entries (one that could not be read, with its
// row and why; what the vault does not keep; never a secret): every line (the first ten), until
// dismissed; the toast alone closes too soon to read them.

import type { VaultImportResult } from '../../src/shared/connect.ts';

/** How many reasons are listed; the rest are counted. */
export const REPORT_SHOWN = 10;

export function ImportReport({ result, onClose }: { result: VaultImportResult; onClose: () => void }) {
  const rest = result.errors.length - REPORT_SHOWN;
  return (
    <section aria-label="Import report" className="mb-5 rounded-xl border border-warn/50 bg-warn/10 px-4 py-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-warn">Notes from the import</h2>
        <button type="button" className="btn-ghost -my-1 -mr-2 px-2 py-1 text-xs" onClick={onClose}>
          Dismiss
        </button>
      </div>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {result.errors.slice(0, REPORT_SHOWN).map((error, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: kept from before the linter; fix when this code is next touched
          <li key={i} className="break-words">
            {error}
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-1 text-muted">and {rest} more</p> : null}
    </section>
  );
}
