// A modal dialog on the native <dialog>: named by its title (aria-labelledby), closed with Escape,
// focus moved into it on open and given back to what had it on close, and a row for its actions.

import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';

import { type DialogControl, useDialog } from './useDialog.ts';

export { type DialogControl, useDialog };

// A dialog whose code loads when it is first opened, not with the page: the page's first load
// carries only what it shows (the JavaScript budget per page is 70 KB compressed). Until then
// nothing of it is rendered, on the server or in the browser, so hydration matches. (Here, not in
// a module of its own: every chunk costs the page a request and bytes of its own.)
export interface LazyDialog<M> extends DialogControl {
  /** The dialog's module once loaded (render the dialog from it), else null. */
  module: M | null;
}

/**
 * useDialog() with the dialog's module loaded by `load` on the first open(); that open happens
 * as soon as the dialog is on the page. Pass the returned control to the dialog as it is.
 */
export function useLazyDialog<M>(load: () => Promise<M>): LazyDialog<M> {
  const control = useDialog();
  const [module, setModule] = useState<M | null>(null);
  const openWhenLoaded = useRef(false);
  const loader = useRef(load);
  useEffect(() => {
    // The dialog has rendered (effects run after the children's refs are set): open it now.
    if (module && openWhenLoaded.current) {
      openWhenLoaded.current = false;
      control.open();
    }
  }, [module, control]);
  const open = useCallback(() => {
    if (module) return control.open();
    openWhenLoaded.current = true;
    void loader.current().then(setModule, () => {
      openWhenLoaded.current = false;
    });
  }, [module, control]);
  return useMemo(() => ({ ...control, open, module }), [control, open, module]);
}

const WIDTHS = { sm: 'w-[min(92vw,26rem)]', md: 'w-[min(92vw,30rem)]', lg: 'w-[min(94vw,40rem)]' } as const;

export function Dialog({
  control,
  title,
  onClose,
  width = 'md',
  closable = true,
  children,
}: {
  control: DialogControl;
  title: ReactNode;
  /** Runs whenever it closes: Cancel, Escape, or after an action. */
  onClose?: () => void;
  width?: 'sm' | 'md' | 'lg';
  /** False while it must stay open (an upload on its way): Escape then does nothing. */
  closable?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const closed = () => {
    onClose?.();
    // Focus goes back to the button that opened it (if it is still there).
    const opener = control.opener.current;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
  // A dialog opened from inside this one (Delete Media over a model's gallery) is its child in
  // React's tree, and React passes its events on to this one, close included: each dialog heeds
  // only its own.
  const own = (event: SyntheticEvent<HTMLDialogElement>) => event.target instanceof Element && event.target.closest('dialog') === event.currentTarget;
  // Escape closes it the same way in every browser (and in tests), through close().
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || !own(event)) return;
    event.preventDefault();
    if (closable) control.close();
  };
  return (
    <dialog
      ref={control.ref}
      aria-labelledby={titleId}
      onClose={(event) => {
        if (own(event)) closed();
      }}
      onKeyDown={onKeyDown}
      // The browser's own close request (Escape where no keydown reaches the page) obeys the same rule.
      onCancel={(event) => {
        if (!closable && own(event)) event.preventDefault();
      }}
      className={`${WIDTHS[width]} rounded-2xl border border-line bg-surface p-0 text-fg shadow-xl`}
    >
      <h2 id={titleId} className="px-6 pb-3 pt-6 text-lg font-bold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** The dialog's buttons: Cancel first, the main action last, along the bottom edge. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex justify-end gap-2 border-t border-line px-6 py-3">{children}</div>;
}
