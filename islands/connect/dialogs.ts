// Connect's dialogs, loaded together when the first of them opens (one chunk, not three: each
// chunk costs the page's first load a request and its own bytes in the loader's map).
export { AccountDialog } from './AccountDialog.tsx';
export { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
export { EXPORT_TEXT, ExportDialog } from './ExportDialog.tsx';
export { ImportReport } from './ImportReport.tsx';
