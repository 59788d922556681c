// A menu of actions (a menu in the ARIA sense): a card's ⋮ button, the viewer's More Options, or
// a labelled button (premium's Actions); moved through with the arrow keys, closed with Escape, a
// click elsewhere or a choice; focus goes back to its button. The button is drawn with the page;
// the open menu's code (MenuList) loads when a pointer or focus first reaches a menu button, or at
// the latest when one is first opened.

import { type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { MoreIcon } from './icons.tsx';
import { lazily } from './lazily.ts';

export const MenuList = lazily(() => import('./MenuList.tsx').then((m) => m.MenuList));
/** Loads the open menu's code now (ahead of a likely opening). */
const preloadMenu = () => void MenuList.preload();

/** The menu's width in pixels (w-52). */
const MENU_WIDTH = 208;

export interface MenuAction {
  label: string;
  run: () => void;
  danger?: boolean;
}

/**
 * A menu's actions, or how to get them when it opens: a card's menu asks the grid's action code
 * for them (it loads with the first opening if nothing loaded it before; decision 0041).
 */
export type MenuActions = MenuAction[] | (() => Promise<MenuAction[]>);

/** A labelled button instead of the round ⋮ one: its text, an icon and its classes. */
export interface MenuTrigger {
  icon?: ReactNode;
  className: string;
}

export function CardMenu({ label, actions, disabled, trigger }: { label: string; actions: MenuActions; disabled?: boolean; trigger?: MenuTrigger }) {
  const [open, setOpen] = useState(false);
  /** The actions as they were when the menu opened (asked for at each opening). */
  const [asked, setAsked] = useState<MenuAction[]>([]);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
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
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onClick={() => {
          setToRight((button.current?.getBoundingClientRect().right ?? MENU_WIDTH * 2) < MENU_WIDTH + 16);
          if (open || !(actions instanceof Function)) return setOpen(!open);
          void actions().then((list) => {
            setAsked(list);
            setOpen(true);
          });
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
        <Suspense fallback={null}>
          <MenuList
            id={menuId}
            label={label}
            actions={actions instanceof Function ? asked : actions}
            button={button}
            setOpen={setOpen}
            className={`absolute ${trigger ? 'top-full mt-1' : 'top-9'} z-30 w-52 overflow-hidden rounded-xl border border-line bg-surface py-1 text-left shadow-xl ${toRight ? 'left-0' : 'right-0'}`}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
