/**
 * The receipt printer as the app composes it: the manager's printer settings and store details,
 * every drawer opening in the audit log (a drawer opened is cash handled), and every test page with
 * the address it went to (a test can go where receipts never do: to an address not saved yet).
 */
import { appendAudit } from '../audit/db.ts';
import type { Journal } from '../journal/open.ts';
import type { SettingsService } from '../settings/service.ts';
import { createPrinterService, type PrinterService } from './service.ts';

export function createReceiptPrinter(
  db: Journal,
  settings: SettingsService,
  log: (message: string, error?: unknown) => void,
  ownPorts?: () => ReadonlySet<number>,
): PrinterService {
  return createPrinterService({
    printer: () => settings.printer(),
    store: () => {
      const { storeName, storeAddress, taxId } = settings.store();
      return { name: storeName, address: storeAddress, taxId };
    },
    drawerOpened: (sale, actorStaffId) => {
      try {
        appendAudit(db, { action: 'drawer.opened', actorStaffId, subject: sale.key, details: { reference: sale.reference } });
      } catch (error) {
        // The drawer is open either way; a journal that cannot take the line says so in the log.
        log('could not audit a drawer opening', error);
      }
    },
    tested: ({ printer, ...outcome }, actorStaffId) => {
      try {
        appendAudit(db, { action: 'print.tested', actorStaffId, subject: printer, details: { printer, ...outcome } });
      } catch (error) {
        log('could not audit a test page', error);
      }
    },
    ownPorts,
    log,
  });
}
