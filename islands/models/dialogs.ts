// The Models page's dialogs, loaded together when the first of them opens (one chunk, not three:
// each chunk costs the page's first load a request and its own bytes in the loader's map).
export { DeleteModelDialog } from './DeleteModelDialog.tsx';
export { ModelDialog } from './ModelDialog.tsx';
export { ModelGalleryDialog } from './ModelGalleryDialog.tsx';
