// The header's profile menu (part 2 §2 "Dashboard layout" 3): View Profile and Logout. A menu
// button: Enter, Space or ArrowDown opens it on the first item, arrows move, Escape closes.
import { useEffect, useId, useRef, useState } from 'react';
import type { Translate } from '../../engine/i18n';

export function AccountMenu({
  name,
  t,
  onViewProfile,
  onLogout,
}: {
  name: string;
  t: Translate;
  onViewProfile: () => void;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const choose = (action: () => void) => {
    setOpen(false);
    button.current?.focus();
    action();
  };
  const onMenuKey = (event: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };
  return (
    <div className="ef-account">
      <button
        ref={button}
        type="button"
        className="ef-account__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="ef-account__avatar" aria-hidden="true">
          {(name.trim()[0] ?? '?').toUpperCase()}
        </span>
        <span className="ef-account__label">{t('portal.menu.label')}</span>
      </button>
      <ul
        ref={menu}
        id={menuId}
        role="menu"
        className="ef-account__menu"
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onViewProfile)}>
            {t('portal.menu.viewProfile')}
          </button>
        </li>
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onLogout)}>
            {t('portal.menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
