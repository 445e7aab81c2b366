import type { ScreenEntry } from '../nav.ts';
import { lazyScreen } from './lazy.tsx';

/** The store manager's back-office screens, each loaded when first opened. */
export const managerScreens: readonly ScreenEntry[] = [
  { id: 'reports', label: 'Reports', role: 'manager', component: lazyScreen(() => import('./ReportsScreen.tsx')) },
  { id: 'close', label: 'Close day', role: 'manager', component: lazyScreen(() => import('./CloseScreen.tsx')) },
  { id: 'staff', label: 'Staff', role: 'manager', component: lazyScreen(() => import('./StaffScreen.tsx')) },
  { id: 'settings', label: 'Settings', role: 'manager', component: lazyScreen(() => import('./SettingsScreen.tsx')) },
  { id: 'audit', label: 'Audit log', role: 'manager', component: lazyScreen(() => import('./AuditScreen.tsx')) },
  { id: 'refunds', label: 'Refunds', role: 'manager', component: lazyScreen(() => import('./RefundsScreen.tsx')) },
];
