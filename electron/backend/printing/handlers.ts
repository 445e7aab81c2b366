/**
 * Printing that the backend does itself, in browser mode as in the desktop app: the thermal printer
 * in ESC/POS and its cash drawer. (Printing a window's page is the desktop shell's: `print.page`.)
 */
import { AppFailure } from '../../../shared/errors.ts';
import { DrawerRefused } from './service.ts';
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function printingHandlers(services: Pick<HandlerServices, 'printer' | 'sales' | 'topups'>): AreaHandlers<'print'> {
  const { printer, sales, topups } = services;
  return {
    // Only a window can print itself: the Electron shell answers this method (shell/print.ts).
    'print.page': () => ({ handled: false }),
    'print.setup': () => printer.setup(),
    'print.receipt': ({ job }) => printer.receipt(job),
    'print.test': ({ escpos, job }, { session }) => printer.test(escpos, job, session!.staffId),
    'print.drawer': async ({ kind, id }, { session }) => {
      const view = kind === 'sale' ? sales.view(id, session) : topups.view(id);
      const sale = {
        key: `${kind}:${id}`,
        // A sale taken while the service is away was paid when taken: its cash goes in the drawer then.
        completed:
          view.status === 'completed' || ('offline' in view && view.offline !== undefined && view.offline.state !== 'refunded'),
        cash: view.paymentMethod === 'cash',
        reference: view.reference,
      };
      try {
        return await printer.drawer(sale, session!.staffId);
      } catch (error) {
        if (!(error instanceof DrawerRefused)) throw error;
        throw new AppFailure('conflict', error.message, { reason: 'drawer_cash_only' });
      }
    },
  };
}
