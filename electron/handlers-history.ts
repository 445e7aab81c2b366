/**
 * History of everything the counter sold, an eSIM's packages at the service, and refunds (from a
 * sale or typed in) with their answers. Roles are checked by the dispatcher before any of these runs.
 */
import type Database from 'better-sqlite3';
import type { Handlers } from './rpc.ts';
import type { EsimPackagesService } from './services/esim-packages.ts';
import { historyEntries } from './services/history.ts';
import type { RefundsService } from './services/refunds.ts';
import type { SalesService } from './services/sales.ts';
import type { TopupsService } from './services/topups.ts';
import type { VoucherService } from './services/vouchers.ts';

export type HistoryMethods =
  'history.search' | 'esims.packages' | 'refunds.request' | 'refunds.list' | 'refunds.refresh' | 'refunds.limit';

export function createHistoryHandlers(deps: {
  db: Database.Database;
  sales: SalesService;
  topups: TopupsService;
  vouchers: VoucherService;
  refunds: RefundsService;
  packages: EsimPackagesService;
}): Pick<Handlers, HistoryMethods> {
  const { refunds, packages } = deps;
  return {
    'history.search': ({ query, from, to }, { session }) =>
      historyEntries(deps, { ...(query ? { query } : {}), from, to }, session),
    'esims.packages': ({ iccid, refresh }) => packages.get(iccid, refresh),
    'refunds.request': (input, { session }) => refunds.request(input, session!),
    'refunds.list': () => refunds.list(),
    'refunds.refresh': ({ force }) => refunds.refresh(force),
    'refunds.limit': () => refunds.limit(),
  };
}
