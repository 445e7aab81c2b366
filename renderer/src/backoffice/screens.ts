import type { ScreenEntry } from '../nav.ts';
import { lazyScreen } from '../ui/lazy-screen.tsx';
import { UnclosedBadge } from './close/UnclosedDays.tsx';

/** The store manager's back-office screens, each loaded when first opened. */
export const managerScreens: readonly ScreenEntry[] = [
  { id: 'reports', role: 'manager', component: lazyScreen(() => import('./reports/ReportsScreen.tsx')) },
  { id: 'close', role: 'manager', component: lazyScreen(() => import('./close/CloseScreen.tsx')), badge: UnclosedBadge },
  { id: 'staff', role: 'manager', component: lazyScreen(() => import('./staff/StaffScreen.tsx')) },
  { id: 'prices', role: 'manager', component: lazyScreen(() => import('./prices/PricesScreen.tsx')) },
  { id: 'settings', role: 'manager', component: lazyScreen(() => import('./settings/SettingsScreen.tsx')) },
  { id: 'audit', role: 'manager', component: lazyScreen(() => import('./audit/AuditScreen.tsx')) },
  { id: 'refunds', role: 'manager', component: lazyScreen(() => import('./refunds/RefundsScreen.tsx')) },
];
