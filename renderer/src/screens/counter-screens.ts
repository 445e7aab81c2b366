import type { ScreenEntry } from '../nav.ts';
import { SellScreen } from './SellScreen.tsx';
import { TopupScreen } from './TopupScreen.tsx';
import { UsageScreen } from './UsageScreen.tsx';
import { DeviceCheckScreen } from './DeviceCheckScreen.tsx';
import { HistoryScreen } from './HistoryScreen.tsx';
import { VouchersScreen } from './VouchersScreen.tsx';
import { FutureOrdersScreen } from './FutureOrdersScreen.tsx';
import { SellNavBadge } from '../components/sell/SaleNotices.tsx';

/** The clerk's screens, first one is the default. Alt+1… opens them in this order. */
export const counterScreens: readonly ScreenEntry[] = [
  { id: 'sell', role: 'clerk', component: SellScreen, badge: SellNavBadge },
  { id: 'topup', role: 'clerk', component: TopupScreen },
  { id: 'usage', role: 'clerk', component: UsageScreen },
  { id: 'devices', role: 'clerk', component: DeviceCheckScreen },
  { id: 'history', role: 'clerk', component: HistoryScreen },
];

/**
 * The counter's occasional screens. After the manager's in the rail, so that adding one never moves
 * a shortcut (Alt+1…9) that people at the counter already know.
 */
export const occasionalScreens: readonly ScreenEntry[] = [
  { id: 'vouchers', role: 'clerk', component: VouchersScreen },
  { id: 'later', role: 'clerk', component: FutureOrdersScreen },
];
