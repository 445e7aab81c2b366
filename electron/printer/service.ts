/**
 * The receipt printer as the backend drives it, in browser mode and in the desktop app alike: the
 * store's header and where receipts go (for the screens), a receipt encoded and sent, a test page,
 * and the cash drawer opened once for each completed cash sale or top-up. One job at a time, in
 * order, so two quick prints never interleave their bytes.
 *
 * A failed print is an answer, not an error: the sale is already in the journal, and the screen
 * says what went wrong and offers to print again.
 */
import type { PrintResult, PrintSetup, ReceiptJob, StoreHeader } from '../../shared/printing.ts';
import { RECEIPT_DOTS } from '../../shared/printing.ts';
import type { EscposSettings, PrinterSettings } from '../../shared/settings.ts';
import { encodeDrawerKick, encodeReceipt } from './escpos.ts';
import { describeConnection, failureOf, sendToPrinter, type SendOptions } from './transport.ts';

export type DrawerSale = {
  /** `sale:<id>` or `topup:<id>`: the drawer opens once for each. */
  readonly key: string;
  readonly completed: boolean;
  readonly cash: boolean;
  readonly reference: string;
};

export type PrinterServiceDeps = {
  readonly printer: () => PrinterSettings;
  readonly store: () => StoreHeader;
  /** Told of each drawer opening (the audit log). */
  readonly drawerOpened?: (sale: DrawerSale, actorStaffId: string) => void;
  readonly send?: typeof sendToPrinter;
  readonly sendOptions?: SendOptions;
  readonly log?: (message: string, error?: unknown) => void;
};

export class DrawerRefused extends Error {
  override name = 'DrawerRefused';
}

export type PrinterService = ReturnType<typeof createPrinterService>;

export function createPrinterService(deps: PrinterServiceDeps) {
  const send = deps.send ?? sendToPrinter;
  const opened = new Set<string>();
  const kicking = new Map<string, Promise<PrintResult>>();
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs after every job queued before it, whatever became of them. */
  function serial<T>(job: () => Promise<T>): Promise<T> {
    const next = queue.then(job, job);
    queue = next.catch(() => undefined);
    return next;
  }

  async function deliver(escpos: EscposSettings, bytes: Uint8Array, what: string): Promise<PrintResult> {
    const printer = describeConnection(escpos.connection);
    try {
      await serial(() => send(escpos.connection, bytes, deps.sendOptions));
      return { handled: true, printed: true, via: 'escpos', printer };
    } catch (error) {
      const failure = failureOf(error);
      deps.log?.(`${what} did not print on ${printer}: ${failure.problem}`, failure.detail);
      return { handled: true, printed: false, problem: failure.problem, printer, detail: failure.detail };
    }
  }

  return {
    setup(): PrintSetup {
      const { escpos } = deps.printer();
      return {
        store: deps.store(),
        receipt: escpos
          ? { kind: 'escpos', width: escpos.width, dots: RECEIPT_DOTS[escpos.width], cashDrawer: escpos.cashDrawer }
          : { kind: 'os' },
      };
    },

    /** A receipt to the thermal printer; `handled: false` when receipts go through the OS driver. */
    receipt(job: ReceiptJob): Promise<PrintResult> {
      const { escpos } = deps.printer();
      if (!escpos) return Promise.resolve({ handled: false });
      return deliver(escpos, encodeReceipt(job, escpos.width), 'A receipt');
    },

    /** The manager's test page, to the printer as the form has it (it need not be saved yet). */
    test(escpos: EscposSettings, job: ReceiptJob): Promise<PrintResult> {
      const kick = escpos.cashDrawer ? encodeDrawerKick(escpos.width) : new Uint8Array();
      const page = encodeReceipt(job, escpos.width);
      return deliver(escpos, Buffer.concat([page, kick]), 'The test page');
    },

    /**
     * Opens the drawer for a completed cash sale or top-up, once: asking again (the screen shown
     * again after a reload) does not open it again. Refused for anything else, so the drawer never
     * opens without cash to put in.
     */
    async drawer(sale: DrawerSale, actorStaffId: string): Promise<PrintResult> {
      if (!sale.completed || !sale.cash)
        throw new DrawerRefused(`The drawer opens for a completed cash sale only (${sale.key}).`);
      const { escpos } = deps.printer();
      if (!escpos?.cashDrawer) return { handled: true, printed: false, problem: 'not_configured' };
      if (opened.has(sale.key))
        return { handled: true, printed: true, via: 'escpos', printer: describeConnection(escpos.connection) };
      // Two asks at once (a double render) share one kick.
      const running = kicking.get(sale.key);
      if (running) return running;
      const kick = deliver(escpos, encodeDrawerKick(escpos.width), 'The drawer kick')
        .then((result) => {
          if (result.handled && result.printed) {
            opened.add(sale.key);
            deps.drawerOpened?.(sale, actorStaffId);
          }
          return result;
        })
        .finally(() => kicking.delete(sale.key));
      kicking.set(sale.key, kick);
      return kick;
    },
  };
}
