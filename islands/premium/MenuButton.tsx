// A labelled button that opens a menu of actions (premium's Actions menu): arrow keys move through
// it, Escape or a click elsewhere closes it, a choice runs and closes it; focus goes back to the button.

import type { ReactNode } from 'react';
import type { MenuAction } from '../gallery/CardMenu.tsx';
import { useMenu } from '../gallery/useMenu.ts';

export function MenuButton({ label, icon, actions, disabled, className }: { label: string; icon?: ReactNode; actions: MenuAction[]; disabled?: boolean; className: string }) {
  const { open, setOpen, button, list, menuId, close, onKeyDown } = useMenu();

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
