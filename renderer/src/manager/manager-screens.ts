import type { ScreenEntry } from '../nav.ts';
import { lazyScreen } from './lazy.tsx';
import { UnclosedBadge } from './unclosed.tsx';

/** The store manager's back-office screens, each loaded when first opened. */
export const managerScreens: readonly ScreenEntry[] = [
  { id: 'reports', role: 'manager', component: lazyScreen(() => import('./ReportsScreen.tsx')) },
  { id: 'close', role: 'manager', component: lazyScreen(() => import('./CloseScreen.tsx')), badge: UnclosedBadge },
  { id: 'staff', role: 'manager', component: lazyScreen(() => import('./StaffScreen.tsx')) },
  { id: 'prices', role: 'manager', component: lazyScreen(() => import('./PricesScreen.tsx')) },
  { id: 'settings', role: 'manager', component: lazyScreen(() => import('./SettingsScreen.tsx')) },
  { id: 'audit', role: 'manager', component: lazyScreen(() => import('./AuditScreen.tsx')) },
  { id: 'refunds', role: 'manager', component: lazyScreen(() => import('./RefundsScreen.tsx')) },
];
