/**
 * The screens of the clerk's window, in the order of the navigation rail. Each area registers its
 * own list (counter-screens.ts, manager/manager-screens.ts); the address fragment (#sell,
 * #reports…) says which one is open, so Back and Forward work and a reload keeps the screen.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import { counterScreens } from './screens/counter-screens.ts';
import { managerScreens } from './manager/manager-screens.ts';

export type ScreenEntry = {
  readonly id: string;
  readonly label: string;
  /** Who sees it in the rail; the backend checks the role of every call regardless. */
  readonly role: 'clerk' | 'manager';
  readonly component: ComponentType;
  /** Shown beside the label in the rail: something on that screen wants the clerk back. */
  readonly badge?: ComponentType;
};

export const screens: readonly ScreenEntry[] = [...counterScreens, ...managerScreens];

function currentId(): string {
  const match = /^#([a-z-]+)/.exec(window.location.hash);
  return match?.[1] ?? screens[0]!.id;
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
