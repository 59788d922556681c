// What a button that opens a menu of actions needs (a card's menu, premium's Actions menu): the
// first item focused on opening, arrow keys, Home and End moving through it, Escape or a click
// elsewhere closing it, focus back on the button; the page's own keys stay out of an open menu.

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export function useMenu() {
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
    // The page's own keys (Left/Right change page) stay out of a menu.
    event.stopPropagation();
    if (event.key !== 'Tab') event.preventDefault();
  };

  return { open, setOpen, button, list, menuId, close, onKeyDown };
}
