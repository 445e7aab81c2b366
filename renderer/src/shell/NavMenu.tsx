import { forwardRef, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenEntry } from '../nav.ts';

/** The main area's id: the skip link's target, and where the focus goes when the menu is left. */
export const CONTENT_ID = 'content';
const NAV_ID = 'main-nav';

/** Focuses the main area (it takes the focus, as a place to start from, not as a control). */
export function focusContent(): void {
  document.getElementById(CONTENT_ID)?.focus();
}

/**
 * The first Tab stop of a signed-in window: past the top bar and the rail to the screen itself.
 * It moves the focus itself, since the address fragment belongs to the screens (nav.ts).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusContent();
      }}
    >
      {t('topbar.skipToContent')}
    </a>
  );
}

type MenuButtonProps = { open: boolean; onToggle(): void; onEscape(): void };

/** Where the rail has no room (narrow windows, 200 % zoom): a button that shows and hides it. */
export const MenuButton = forwardRef<HTMLButtonElement, MenuButtonProps>(function MenuButton({ open, onToggle, onEscape }, ref) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
      type="button"
      className="button small ghost menu-button"
      aria-expanded={open}
      aria-controls={NAV_ID}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          onEscape();
        }
      }}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M2 3.5h12M2 8h12M2 12.5h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {t('topbar.menu')}
    </button>
  );
});

type NavRailProps = {
  entries: readonly ScreenEntry[];
  currentId: string;
  /** Opened by the menu button; only narrow windows hide the rail when it is not. */
  open: boolean;
  /** Closes the menu; with true the focus goes back to the menu button. */
  onClose(returnFocus: boolean): void;
  /** The account's controls, shown after the entries only where the top bar has no room for them. */
  account: ReactNode;
};

/**
 * The screens this person may open. A wide window shows it as a rail; a narrow one under the top
 * bar when the menu is open, with the focus on its first entry, Escape closing it.
 */
export function NavRail({ entries, currentId, open, onClose, account }: NavRailProps) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) nav.current?.querySelector('a')?.focus();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onClose(true);
    }
  };
  return (
    <nav ref={nav} id={NAV_ID} className={open ? 'sidebar open' : 'sidebar'} aria-label={t('nav.label')} onKeyDown={onKeyDown}>
      {entries.map((entry, index) => (
        <a
          key={entry.id}
          className={entry.id === currentId ? 'nav-item active' : 'nav-item'}
          aria-current={entry.id === currentId ? 'page' : undefined}
          href={`#${entry.id}`}
          aria-keyshortcuts={index < 9 ? `Alt+${index + 1}` : undefined}
          title={index < 9 ? `Alt+${index + 1}` : undefined}
          onClick={() => {
            // The entry disappears with the menu: the focus goes to the screen (which may move it on).
            if (!open) return;
            onClose(false);
            focusContent();
          }}
        >
          {t(`nav.${entry.id}`)}
          {entry.badge && <entry.badge />}
        </a>
      ))}
      {/* Only the open menu has them, so the top bar's are the only ones otherwise. */}
      {open && account}
    </nav>
  );
}
