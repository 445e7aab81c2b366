/**
 * The log file's line for each order's outcome: by its reference and status only, never its codes
 * or the customer's, so a support person can follow a sale without the log holding what it sold.
 */
import type Database from 'better-sqlite3';
import type { FileLog } from '../common/log.ts';
import type { EventBus } from '../events.ts';
import { getOrderState } from './db.ts';
import { getOfflineSale } from '../sales/db-offline.ts';

export function logOrderOutcomes(
  events: EventBus,
  db: Database.Database,
  fileLog: FileLog,
  log: (message: string, error?: unknown) => void,
): void {
  events.subscribe((name, payload) => {
    if (name !== 'sale.updated' && name !== 'topup.updated') return;
    const { id, status } = payload as { id: string; status: string };
    if (status === 'submitting') return;
    const table = name === 'sale.updated' ? 'sales' : 'topups';
    try {
      // A sale taken offline has no sale row until it is placed: its waiting row names it.
      const reference =
        getOrderState(db, table, id)?.reference ?? (table === 'sales' ? (getOfflineSale(db, id)?.reference ?? null) : null);
      fileLog.info(`${table === 'sales' ? 'sale' : 'top-up'} ${status}`, { reference, status });
    } catch (error) {
      log('could not read an order for the log', error);
    }
  });
}
