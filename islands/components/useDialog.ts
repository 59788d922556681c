// The handle of one modal dialog (<Dialog control>), apart from the dialog itself: a page holds
// the handles of its dialogs from the start, while each dialog's code loads when first opened.

import { type RefObject, useCallback, useMemo, useRef } from 'react';

export interface DialogControl {
  ref: RefObject<HTMLDialogElement | null>;
  /** Opens it as a modal (the page behind is inert), remembering where focus was. */
  open(): void;
  close(): void;
  isOpen(): boolean;
  /** What had focus before it opened (focus goes back there on close). */
  opener: RefObject<Element | null>;
}

const FOCUSABLE =
  '[autofocus], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The handle of one dialog; pass it to <Dialog control>. */
export function useDialog(): DialogControl {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const open = useCallback(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    opener.current = document.activeElement;
    dialog.showModal();
    // Browsers focus the first focusable element themselves; this makes it so everywhere.
    if (!dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  const isOpen = useCallback(() => ref.current?.open === true, []);
  return useMemo(() => ({ ref, open, close, isOpen, opener }), [open, close, isOpen]);
}
