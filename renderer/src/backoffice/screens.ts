import type { ComponentType } from 'react';
import { loadBackOfficeWords } from '../i18n/i18n.ts';
import type { ScreenEntry } from '../nav.ts';
import { lazyScreen } from '../ui/lazy-screen.tsx';
import { UnclosedBadge } from './close/UnclosedDays.tsx';

/**
 * A back-office screen: its code, the back office's words and its server-state cache arrive
 * together, so no key shows bare and the cache never weighs on the counter's first paint.
 */
const backOffice = (load: () => Promise<{ default: ComponentType }>) =>
  lazyScreen(() =>
    Promise.all([load(), loadBackOfficeWords(), import('./common/query.tsx')]).then(([screen, , query]) => ({
      default: query.withQueryClient(screen.default),
    })),
  );

/** The store manager's back-office screens, each loaded when first opened. */
export const managerScreens: readonly ScreenEntry[] = [
  { id: 'reports', role: 'manager', component: backOffice(() => import('./reports/ReportsScreen.tsx')) },
  { id: 'close', role: 'manager', component: backOffice(() => import('./close/CloseScreen.tsx')), badge: UnclosedBadge },
  { id: 'staff', role: 'manager', component: backOffice(() => import('./staff/StaffScreen.tsx')) },
  { id: 'prices', role: 'manager', component: backOffice(() => import('./prices/PricesScreen.tsx')) },
  { id: 'settings', role: 'manager', component: backOffice(() => import('./settings/SettingsScreen.tsx')) },
  { id: 'audit', role: 'manager', component: backOffice(() => import('./audit/AuditScreen.tsx')) },
  { id: 'refunds', role: 'manager', component: backOffice(() => import('./refunds/RefundsScreen.tsx')) },
];
