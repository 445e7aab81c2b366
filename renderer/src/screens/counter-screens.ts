import type { ScreenEntry } from '../nav.ts';
import { SellScreen } from './SellScreen.tsx';

/** The clerk's screens, first one is the default. */
export const counterScreens: readonly ScreenEntry[] = [{ id: 'sell', label: 'Sell', role: 'clerk', component: SellScreen }];
