/**
 * Which screen of the clerk's window is open: the address fragment (#sell, #reports…) says, so
 * Back and Forward work and a reload keeps the screen. The list of screens is screen-list.ts; this
 * module imports none of them, so any screen can open another without an import cycle.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import type { en } from './i18n/locales/en/index.ts';

/** A screen's id, which is also the key of its name in the rail (common:nav). */
export type ScreenId = Exclude<keyof typeof en.common.nav, 'label'>;

/** The screen an address without a fragment opens: the first of the rail. */
export const FIRST_SCREEN_ID = 'sell';

export type ScreenEntry = {
  readonly id: ScreenId;
  /** Who sees it in the rail; the backend checks the role of every call regardless. */
  readonly role: 'clerk' | 'manager';
  readonly component: ComponentType;
  /** Shown beside the label in the rail: something on that screen wants the clerk back. */
  readonly badge?: ComponentType;
};

function currentId(): string {
  const match = /^#([a-z-]+)/.exec(window.location.hash);
  return match?.[1] ?? FIRST_SCREEN_ID;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The open screen's id, following the address fragment. */
export function useScreenId(): string {
  return useSyncExternalStore(subscribe, currentId);
}

export function openScreen(id: string): void {
  if (currentId() !== id) window.location.hash = id;
}

/** Opens a screen in place of the one in the address, so Back does not lead to a screen the person may not use. */
export function replaceScreen(id: string): void {
  if (currentId() !== id) window.location.replace(`#${id}`);
}
