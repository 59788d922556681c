// A labelled button that opens a menu of actions (premium's Actions menu): arrow keys move through
// it, Escape or a click elsewhere closes it, a choice runs and closes it; focus goes back to the button.

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MenuAction } from '../gallery/CardMenu.tsx';

export function MenuButton({ label, icon, actions, disabled, className }: { label: string; icon?: ReactNode; actions: MenuAction[]; disabled?: boolean; className: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.stopPropagation();
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="relative">
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} disabled={disabled} onClick={() => setOpen((o) => !o)} className={className}>
        {icon}
        {label}
      </button>
      {open ? (
        <ul ref={list} id={menuId} role="menu" aria-label={label} onKeyDown={onKeyDown} className="absolute left-0 top-full z-30 mt-1 w-52 overflow-hidden rounded-xl border border-line bg-surface py-1 text-left shadow-xl">
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  action.run();
                }}
                className={`block w-full whitespace-nowrap px-4 py-2 text-left text-sm hover:bg-raised focus:bg-raised focus:outline-none ${action.danger ? 'text-danger' : 'text-fg'}`}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
