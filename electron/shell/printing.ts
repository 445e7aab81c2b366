/**
 * Printing vouchers from a window: `webContents.print` silently to the configured printer when it
 * is installed, the system dialog otherwise (and when a silent job fails), and `printToPDF` for a
 * file copy. Paper sizes match the renderer's print stylesheet (80 mm x 260 mm receipt, A4).
 */
import type { PrinterInfo, PrintToPDFOptions, WebContents, WebContentsPrintOptions } from 'electron';
import type { Paper, PrinterSettings } from '../../shared/settings.ts';

/** Receipt paper: 80 mm wide rolls; the voucher's `@page receipt` is 80 mm x 260 mm. */
export const RECEIPT_MM = { width: 80, height: 260 } as const;
const MICRONS_PER_MM = 1000;
const MM_PER_INCH = 25.4;

export type PrintPlan = {
  readonly options: WebContentsPrintOptions;
  /** Why the job goes to the dialog although silent printing was asked for; null when it does not. */
  readonly fallbackReason: string | null;
};

export function findPrinter(
  printers: readonly Pick<PrinterInfo, 'name' | 'displayName'>[],
  wanted: string,
): Pick<PrinterInfo, 'name' | 'displayName'> | null {
  const key = wanted.trim().toLowerCase();
  return printers.find((p) => p.name.toLowerCase() === key) ?? printers.find((p) => p.displayName.toLowerCase() === key) ?? null;
}

/** The options for `webContents.print`, from the settings and the printers the OS reports. */
export function buildPrintOptions(
  settings: PrinterSettings,
  printers: readonly Pick<PrinterInfo, 'name' | 'displayName'>[],
): PrintPlan {
  const paper: Pick<WebContentsPrintOptions, 'pageSize' | 'margins' | 'color'> =
    settings.paper === 'receipt80'
      ? {
          // Microns, as webContents.print wants them.
          pageSize: { width: RECEIPT_MM.width * MICRONS_PER_MM, height: RECEIPT_MM.height * MICRONS_PER_MM },
          margins: { marginType: 'none' },
          // Thermal receipt printers are monochrome; asking for colour only dithers the QR.
          color: false,
        }
      : { pageSize: 'A4', margins: { marginType: 'default' }, color: true };
  const base = { ...paper, printBackground: true, landscape: false, copies: 1 } satisfies WebContentsPrintOptions;

  const printer = settings.printerName ? findPrinter(printers, settings.printerName) : null;
  if (printer) return { options: { ...base, silent: settings.silent, deviceName: printer.name }, fallbackReason: null };

  let fallbackReason: string | null = null;
  if (settings.printerName)
    fallbackReason = `The printer “${settings.printerName}” is not installed on this computer; choose one in the dialog.`;
  else if (settings.silent) fallbackReason = 'No printer is set for silent printing; choose one in the dialog.';
  return { options: { ...base, silent: false }, fallbackReason };
}

/** The options for `webContents.printToPDF` (sizes in inches there). */
export function buildPdfOptions(paper: Paper): PrintToPDFOptions {
  if (paper === 'receipt80') {
    return {
      pageSize: { width: RECEIPT_MM.width / MM_PER_INCH, height: RECEIPT_MM.height / MM_PER_INCH },
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      printBackground: true,
      preferCSSPageSize: true,
      landscape: false,
    };
  }
  return { pageSize: 'A4', printBackground: true, preferCSSPageSize: true, landscape: false };
}

export type PrintOutcome =
  | { readonly printed: true; readonly silent: boolean; readonly fallbackReason: string | null }
  | { readonly printed: false; readonly reason: string };

type Printable = Pick<WebContents, 'print' | 'getPrintersAsync'>;

function printOnce(contents: Printable, options: WebContentsPrintOptions): Promise<{ success: boolean; reason: string }> {
  return new Promise((resolve) => contents.print(options, (success, reason) => resolve({ success, reason })));
}

/**
 * Prints the window's page. A silent job that fails (printer offline, invalid settings) is offered
 * again through the dialog, so the clerk can still hand over a voucher; a job the user cancelled
 * is not retried.
 */
export async function printContents(contents: Printable, settings: PrinterSettings): Promise<PrintOutcome> {
  let printers: PrinterInfo[] = [];
  try {
    printers = await contents.getPrintersAsync();
  } catch {
    // No printer list: the dialog lets the clerk pick one.
  }
  const plan = buildPrintOptions(settings, printers);
  const first = await printOnce(contents, plan.options);
  if (first.success) return { printed: true, silent: plan.options.silent === true, fallbackReason: plan.fallbackReason };
  if (!plan.options.silent || /cancel/i.test(first.reason)) return { printed: false, reason: first.reason };
  const { deviceName: _failedPrinter, ...dialogOptions } = plan.options;
  const retry = await printOnce(contents, { ...dialogOptions, silent: false });
  const reason = `The printer “${settings.printerName}” did not take the job (${first.reason}).`;
  return retry.success
    ? { printed: true, silent: false, fallbackReason: reason }
    : { printed: false, reason: `${reason} ${retry.reason}` };
}

export function printToPdf(contents: Pick<WebContents, 'printToPDF'>, paper: Paper): Promise<Buffer> {
  return contents.printToPDF(buildPdfOptions(paper));
}
