// An open menu of actions (CardMenu's list), loaded when a menu is first about to open: its items,
// the first one focused; arrow keys, Home and End moving through them; Escape or a click elsewhere
// closing it, focus back on its button.

import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { MenuAction } from './CardMenu.tsx';
import { useMenu } from './useMenu.ts';

export function MenuList({
  id,
  label,
  actions,
  button,
  setOpen,
  className,
}: {
  id: string;
  label: string;
  actions: MenuAction[];
  button: RefObject<HTMLButtonElement | null>;
  setOpen: Dispatch<SetStateAction<boolean>>;
  className: string;
}) {
  const { list, close, onKeyDown } = useMenu(button, setOpen);
  return (
    <ul
      ref={list}
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: kept from before the linter; fix when this code is next touched
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={className}
    >
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
  );
}
