import type { ScreenEntry } from '../nav.ts';
import { SellScreen } from './sell/SellScreen.tsx';
import { TopupScreen } from './topup/TopupScreen.tsx';
import { lazyScreen } from '../ui/lazy-screen.tsx';
import { SellNavBadge } from './sell/SaleNotices.tsx';

/** The clerk's screens, first one is the default. Alt+1… opens them in this order. */
export const counterScreens: readonly ScreenEntry[] = [
  { id: 'sell', role: 'clerk', component: SellScreen, badge: SellNavBadge },
  { id: 'topup', role: 'clerk', component: TopupScreen },
  // Fetched when first opened (from the app's own files: a moment), so the first paint stays small.
  {
    id: 'usage',
    role: 'clerk',
    component: lazyScreen(() => import('./usage/UsageScreen.tsx').then((m) => ({ default: m.UsageScreen }))),
  },
  {
    id: 'devices',
    role: 'clerk',
    component: lazyScreen(() => import('./devices/DeviceCheckScreen.tsx').then((m) => ({ default: m.DeviceCheckScreen }))),
  },
  {
    id: 'history',
    role: 'clerk',
    component: lazyScreen(() => import('./history/HistoryScreen.tsx').then((m) => ({ default: m.HistoryScreen }))),
  },
];

/**
 * The counter's occasional screens. After the manager's in the rail, so that adding one never moves
 * a shortcut (Alt+1…9) that people at the counter already know.
 */
export const occasionalScreens: readonly ScreenEntry[] = [
  {
    id: 'vouchers',
    role: 'clerk',
    component: lazyScreen(() => import('./vouchers/VouchersScreen.tsx').then((m) => ({ default: m.VouchersScreen }))),
  },
  {
    id: 'later',
    role: 'clerk',
    component: lazyScreen(() => import('./orders/FutureOrdersScreen.tsx').then((m) => ({ default: m.FutureOrdersScreen }))),
  },
  {
    id: 'basket',
    role: 'clerk',
    component: lazyScreen(() => import('./basket/BasketScreen.tsx').then((m) => ({ default: m.BasketScreen }))),
  },
];
