/**
 * The store's time zone on this screen: app.info says it (the counter and the customer display
 * both ask). Times are formatted by shared/clock.ts, never here, so the screens, the display and
 * the printouts show one clock.
 */
import { useSyncExternalStore } from 'react';
import { storeTimeZoneOf } from './state/app.ts';
import { useStore } from './state/store.ts';

/** For words built outside a component (an error's "try again after 14:35"). */
export function storeTimeZone(): string {
  return storeTimeZoneOf(useStore.getState());
}

/**
 * In a component: re-renders when the store's zone arrives or changes. The current state serves a
 * static render too (zustand's own hook would give the initial one there, with no zone known yet).
 */
export function useStoreTimeZone(): string {
  return useSyncExternalStore(useStore.subscribe, storeTimeZone, storeTimeZone);
}
