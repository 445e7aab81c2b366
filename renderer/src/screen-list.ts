/**
 * The screens of the clerk's window, in the order of the navigation rail. Each area registers its
 * own list (counter/screens.ts, backoffice/screens.ts); the counter's occasional screens come last.
 */
import type { ScreenEntry } from './nav.ts';
import { counterScreens, occasionalScreens } from './counter/screens.ts';
import { managerScreens } from './backoffice/screens.ts';

export const screens: readonly ScreenEntry[] = [...counterScreens, ...managerScreens, ...occasionalScreens];
