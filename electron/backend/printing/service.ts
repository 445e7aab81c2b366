/**
 * The receipt printer as the backend drives it, in browser mode and in the desktop app alike: the
 * store's header and where receipts go (for the screens), a receipt encoded and sent, a test page,
 * and the cash drawer opened once for each completed cash sale or top-up. One job at a time, in
 * order, so two quick prints never interleave their bytes.
 *
 * A failed print is an answer, not an error: the sale is already in the journal, and the screen
 * says what went wrong and offers to print again.
 */
import { AppFailure } from '../../../shared/errors.ts';
import { PRINTER_TEST_MIN_PORT } from '../../../shared/printer-address.ts';
import type { PrintProblem, PrintResult, PrintSetup, ReceiptJob, StoreHeader } from '../../../shared/printing.ts';
import { RECEIPT_DOTS } from '../../../shared/printing.ts';
import type { EscposSettings, PrinterSettings } from '../../../shared/settings.ts';
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
  /** Told of each test page a manager sent, or tried to (the audit log). */
  readonly tested?: (test: TestRecord, actorStaffId: string) => void;
  readonly send?: typeof sendToPrinter;
  readonly sendOptions?: SendOptions;
  /** Ports this app's own servers listen on: never a printer (transport.ts). */
  readonly ownPorts?: () => ReadonlySet<number>;
  readonly log?: (message: string, error?: unknown) => void;
};

/** A test page as the audit log keeps it: where it went, whether that was the saved printer, how it ended. */
export type TestRecord = {
  readonly printer: string;
  readonly saved: boolean;
  readonly printed: boolean;
  readonly problem?: PrintProblem;
  /** Refused before sending: an address not saved yet, on a port below the printers'. */
  readonly portRefused?: true;
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
      await serial(() => send(escpos.connection, bytes, { ownPorts: deps.ownPorts, ...deps.sendOptions }));
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

    /**
     * The manager's test page, to the printer as the form has it (it need not be saved yet). An
     * address not saved yet must be on a printer's port (PRINTER_TEST_MIN_PORT and up): receipts
     * only ever go to the saved printer, and a test must not be a way to knock on any service of
     * any host. Every test, sent or refused, is in the audit log with its address.
     */
    async test(escpos: EscposSettings, job: ReceiptJob, actorStaffId: string): Promise<PrintResult> {
      const printer = describeConnection(escpos.connection);
      const savedConnection = deps.printer().escpos?.connection;
      const saved = savedConnection !== undefined && describeConnection(savedConnection) === printer;
      const { connection } = escpos;
      if (!saved && connection.kind === 'network' && connection.port < PRINTER_TEST_MIN_PORT) {
        deps.tested?.({ printer, saved, printed: false, portRefused: true }, actorStaffId);
        throw new AppFailure(
          'bad_input',
          `A test page goes to a port from ${PRINTER_TEST_MIN_PORT} up, or to the saved printer.`,
          {
            fields: { 'escpos.connection.port': 'printer_port' },
            fieldParams: { 'escpos.connection.port': { min: PRINTER_TEST_MIN_PORT } },
          },
        );
      }
      const kick = escpos.cashDrawer ? encodeDrawerKick(escpos.width) : new Uint8Array();
      const page = encodeReceipt(job, escpos.width);
      const result = await deliver(escpos, Buffer.concat([page, kick]), 'The test page');
      if (result.handled) {
        const outcome = result.printed ? { printed: true } : { printed: false, problem: result.problem };
        deps.tested?.({ printer, saved, ...outcome }, actorStaffId);
      }
      return result;
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
