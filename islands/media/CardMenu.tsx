// A menu of actions (a menu in the ARIA sense): a card's ⋮ button, the viewer's More Options, or
// a labelled button (premium's Actions); moved through with the arrow keys, closed with Escape, a
// click elsewhere or a choice; focus goes back to its button.

import { type ReactNode, useState } from 'react';
import { MoreIcon } from './icons.tsx';
import { useMenu } from './useMenu.ts';

/** The menu's width in pixels (w-52). */
const MENU_WIDTH = 208;

export interface MenuAction {
  label: string;
  run: () => void;
  danger?: boolean;
}

/** A labelled button instead of the round ⋮ one: its text, an icon and its classes. */
export interface MenuTrigger {
  icon?: ReactNode;
  className: string;
}

export function CardMenu({ label, actions, disabled, trigger }: { label: string; actions: MenuAction[]; disabled?: boolean; trigger?: MenuTrigger }) {
  const { open, setOpen, button, list, menuId, close, onKeyDown } = useMenu();
  // A card near the left edge (a phone's first column) opens its menu to the right, on screen.
  const [toRight, setToRight] = useState(false);

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={trigger ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => {
          setToRight((button.current?.getBoundingClientRect().right ?? MENU_WIDTH * 2) < MENU_WIDTH + 16);
          setOpen((o) => !o);
        }}
        className={trigger?.className ?? 'media-round text-white'}
      >
        {trigger ? (
          <>
            {trigger.icon}
            {label}
          </>
        ) : (
          <MoreIcon size={18} />
        )}
      </button>
      {open ? (
        <ul
          ref={list}
          id={menuId}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: kept from before the linter; fix when this code is next touched
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={`absolute ${trigger ? 'top-full mt-1' : 'top-9'} z-30 w-52 overflow-hidden rounded-xl border border-line bg-surface py-1 text-left shadow-xl ${toRight ? 'left-0' : 'right-0'}`}
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
      ) : null}
    </div>
  );
}
