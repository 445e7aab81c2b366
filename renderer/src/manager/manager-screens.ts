import type { ScreenEntry } from '../nav.ts';

/** The store manager's back-office screens. */
export const managerScreens: readonly ScreenEntry[] = [];
