/**
 * Printing vouchers from a window: `webContents.print` silently to the configured printer when it
 * is installed, the system dialog otherwise (and when a silent job fails), and `printToPDF` for a
 * file copy. Paper sizes match the renderer's print stylesheet: an 80 mm receipt as long as its
 * content (the page measures it and says so), or A4.
 */
import type { PrinterInfo, PrintToPDFOptions, WebContents, WebContentsPrintOptions } from 'electron';
import type { PrintNote, PrintProblem } from '../../shared/printing.ts';
import type { Paper, PrinterSettings } from '../../shared/settings.ts';

/** Receipt paper: 80 mm wide rolls, cut where the content ends; 260 mm only when the page did not say. */
export const RECEIPT_MM = { width: 80, height: 260 } as const;
const MICRONS_PER_MM = 1000;
const MM_PER_INCH = 25.4;

export type PrintPlan = {
  readonly options: WebContentsPrintOptions;
  /** Why the job goes to the dialog although silent printing was asked for; null when it does not. */
  readonly note: PrintNote | null;
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
  settings: Pick<PrinterSettings, 'printerName' | 'paper' | 'silent'>,
  printers: readonly Pick<PrinterInfo, 'name' | 'displayName'>[],
  lengthMm: number = RECEIPT_MM.height,
): PrintPlan {
  const paper: Pick<WebContentsPrintOptions, 'pageSize' | 'margins' | 'color'> =
    settings.paper === 'receipt80'
      ? {
          // Microns, as webContents.print wants them; whole millimetres, never a cut line of text.
          pageSize: { width: RECEIPT_MM.width * MICRONS_PER_MM, height: Math.ceil(lengthMm) * MICRONS_PER_MM },
          margins: { marginType: 'none' },
          // Thermal receipt printers are monochrome; asking for colour only dithers the QR.
          color: false,
        }
      : { pageSize: 'A4', margins: { marginType: 'default' }, color: true };
  const base = { ...paper, printBackground: true, landscape: false, copies: 1 } satisfies WebContentsPrintOptions;

  const printer = settings.printerName ? findPrinter(printers, settings.printerName) : null;
  if (printer) return { options: { ...base, silent: settings.silent, deviceName: printer.name }, note: null };

  let note: PrintNote | null = null;
  if (settings.printerName) note = 'printer_missing';
  else if (settings.silent) note = 'no_printer_named';
  return { options: { ...base, silent: false }, note };
}

/** The options for `webContents.printToPDF` (sizes in inches there; the page's CSS sizes win). */
export function buildPdfOptions(paper: Paper, lengthMm: number = RECEIPT_MM.height): PrintToPDFOptions {
  if (paper === 'receipt80') {
    return {
      pageSize: { width: RECEIPT_MM.width / MM_PER_INCH, height: Math.ceil(lengthMm) / MM_PER_INCH },
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      printBackground: true,
      preferCSSPageSize: true,
      landscape: false,
    };
  }
  return { pageSize: 'A4', printBackground: true, preferCSSPageSize: true, landscape: false };
}

export type PrintOutcome =
  | { readonly printed: true; readonly silent: boolean; readonly note: PrintNote | null }
  | { readonly printed: false; readonly problem: Extract<PrintProblem, 'cancelled' | 'failed'>; readonly detail: string };

type Printable = Pick<WebContents, 'print' | 'getPrintersAsync'>;

function printOnce(contents: Printable, options: WebContentsPrintOptions): Promise<{ success: boolean; reason: string }> {
  return new Promise((resolve) => contents.print(options, (success, reason) => resolve({ success, reason })));
}

/**
 * Prints the window's page. A silent job that fails (printer offline, invalid settings) is offered
 * again through the dialog, so the clerk can still hand over a voucher; a job the user cancelled
 * is not retried.
 */
export async function printContents(
  contents: Printable,
  settings: Pick<PrinterSettings, 'printerName' | 'paper' | 'silent'>,
  lengthMm?: number,
): Promise<PrintOutcome> {
  let printers: PrinterInfo[] = [];
  try {
    printers = await contents.getPrintersAsync();
  } catch {
    // No printer list: the dialog lets the clerk pick one.
  }
  const plan = buildPrintOptions(settings, printers, lengthMm);
  const first = await printOnce(contents, plan.options);
  if (first.success) return { printed: true, silent: plan.options.silent === true, note: plan.note };
  const failed = (reason: string) =>
    ({ printed: false, problem: /cancel/i.test(reason) ? 'cancelled' : 'failed', detail: reason }) as const;
  if (!plan.options.silent || /cancel/i.test(first.reason)) return failed(first.reason);
  const { deviceName: _failedPrinter, ...dialogOptions } = plan.options;
  const retry = await printOnce(contents, { ...dialogOptions, silent: false });
  return retry.success
    ? { printed: true, silent: false, note: 'silent_failed' }
    : failed(`${settings.printerName} did not take the job (${first.reason}); then: ${retry.reason}`);
}

export function printToPdf(contents: Pick<WebContents, 'printToPDF'>, paper: Paper, lengthMm?: number): Promise<Buffer> {
  return contents.printToPDF(buildPdfOptions(paper, lengthMm));
}
