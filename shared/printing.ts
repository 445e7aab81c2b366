/**
 * Printing, as both sides see it: where receipts go (the OS driver, or a thermal printer in
 * ESC/POS), the store's header they carry, a receipt as a list of blocks the backend encodes for
 * the printer, and how a print job ended — in codes the screens word, never in sentences.
 */
import type { ReceiptWidth } from './settings.ts';

/** What every voucher, receipt and Z report says at its head. */
export type StoreHeader = { readonly name: string; readonly address: string; readonly taxId: string };

/** Where an 80 mm (or 58 mm) receipt goes: the OS driver's page, or raw ESC/POS to a thermal printer. */
export type ReceiptTarget =
  | { readonly kind: 'os' }
  | {
      readonly kind: 'escpos';
      readonly width: ReceiptWidth;
      /** Dots a line at 203 dpi: what a picture of text (raster) may be wide. */
      readonly dots: number;
      readonly cashDrawer: boolean;
    };

export type PrintSetup = { readonly store: StoreHeader; readonly receipt: ReceiptTarget };

/** The printable width of each roll, in dots at 203 dpi (8 dots a millimetre): 48 mm and 72 mm. */
export const RECEIPT_DOTS: Readonly<Record<ReceiptWidth, number>> = { 58: 384, 80: 576 };
/** Characters a line in the printer's standard font (12 dots wide). */
export const RECEIPT_COLUMNS: Readonly<Record<ReceiptWidth, number>> = { 58: 32, 80: 48 };

/** Why a print job did not print. */
export const PRINT_PROBLEMS = [
  'refused', // nothing listens at that address: the printer is off, or it is another port
  'timeout', // no answer in time: a wrong address, or the printer is asleep or jammed
  'unreachable', // no route to the address: another network, or the cable is out
  'unknown_host', // the name does not resolve
  'no_device', // no such device path: unplugged, or another name
  'no_access', // the device exists, but this user may not write to it
  'not_a_printer', // the path is a file or a folder, or the address one of this app's own servers: nothing was written
  'cancelled', // the clerk closed the print dialog
  'not_configured', // no thermal printer is set up (a drawer kick, a raw test)
  'failed', // anything else; `detail` has the system's words for the log
] as const;
export type PrintProblem = (typeof PRINT_PROBLEMS)[number];

/** Why the OS print dialog opened although silent printing was asked for. */
export type PrintNote = 'printer_missing' | 'no_printer_named' | 'silent_failed';

/** How a print request ended. In browser mode the backend cannot print a page: the page uses the browser's dialog. */
export type PrintResult =
  | { readonly handled: false }
  | {
      readonly handled: true;
      readonly printed: true;
      readonly via: 'escpos' | 'os' | 'pdf';
      /** The printer's name or address, as the manager set it. */
      readonly printer?: string;
      readonly pdfPath?: string;
      readonly note?: PrintNote;
    }
  | {
      readonly handled: true;
      readonly printed: false;
      readonly problem: PrintProblem;
      readonly printer?: string;
      /** The system's own words (an errno, the driver's reason): for the log, never the screen. */
      readonly detail?: string;
    };

/** At most this many dots high for one picture of text: a long paragraph is cut into several. */
export const RASTER_MAX_HEIGHT = 1200;

// The receipt's blocks are checked with zod (shared/receipt-job.ts), kept out of the screens' first bundle.
export type { ReceiptBlock, ReceiptBlockInput, ReceiptJob } from './receipt-job.ts';

const NO_CODE_PAGE = '§¶ĔĕĬĭĲĳĸĿŀŊŋŎŏŦŧŴŵŶŷſ\u03a2Ѝѐѝ';

/**
 * Whether the printer can print `text` as text: Latin (Western, Central European, Turkish),
 * Greek and Cyrillic letters and the usual punctuation, which the common ESC/POS code pages hold
 * (CP437, 850, 852, 857, 858, 866, 1252…). Anything else is drawn as a picture by the screen.
 */
export function fitsPrinterText(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a) continue;
    // In the ranges below, but in none of the printer's code pages (or only among its control bytes).
    if (NO_CODE_PAGE.includes(char)) return false;
    if (code >= 0x20 && code <= 0x7e) continue;
    if (code >= 0xa0 && code <= 0x17f) continue; // Latin-1 and Latin Extended-A
    if (code >= 0x391 && code <= 0x3c9) continue; // Greek
    if (code >= 0x401 && code <= 0x45f) continue; // Cyrillic
    if ('€–—‘’‚“”„…•‹›'.includes(char)) continue;
    // Spaces Intl puts between a number and its currency, or in thousands.
    if (code === 0x202f || code === 0x2009 || code === 0x2007) continue;
    // The minus sign: the printer gets a hyphen for it (electron/backend/printing/escpos.ts).
    if (code === 0x2212) continue;
    // Direction marks and isolates order a line in the browser; the printer's own fonts print Latin-script lines left to right anyway.
    if (code === 0x200e || code === 0x200f || (code >= 0x2066 && code <= 0x2069)) continue;
    return false;
  }
  return true;
}
