// What an open menu of actions needs (MenuList, for a card's menu and premium's Actions menu): the
// first item focused once it is there, arrow keys, Home and End moving through it, Escape or a
// click elsewhere closing it, focus back on its button; the page's own keys stay out of an open menu.

import { type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction, useEffect, useRef } from 'react';

export function useMenu(button: RefObject<HTMLButtonElement | null>, setOpen: Dispatch<SetStateAction<boolean>>) {
  const list = useRef<HTMLUListElement>(null);

  // The list is rendered only while the menu is open: on mount it takes focus and listens for clicks elsewhere.
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [button, setOpen]);

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
    // The page's own keys (Left/Right change page) stay out of a menu.
    event.stopPropagation();
    if (event.key !== 'Tab') event.preventDefault();
  };

  return { list, close, onKeyDown };
}
