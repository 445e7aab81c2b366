/**
 * The contract's printing: a window's page, and the receipt printer (ESC/POS) with its cash
 * drawer. Answered by electron/backend/printing/, and `print.page` by the desktop shell.
 */
import { z } from 'zod';
import type { PrintResult, PrintSetup } from '../printing.ts';
import { receiptJobSchema } from '../receipt-job.ts';
import { escposSettingsSchema, paperSchema } from '../settings.ts';
import { method, none } from './base.ts';

export const printingMethods = {
  /**
   * Prints the calling window's page (its print layout: a voucher, a receipt, a Z report). The
   * desktop shell answers it with the configured printer, or saves a PDF; browser mode answers
   * `handled: false` and the page opens the browser's print dialog.
   */
  'print.page': method<PrintResult>()(
    'clerk',
    z.strictObject({
      paper: paperSchema.optional(),
      pdf: z.boolean().default(false),
      /** How long the receipt is (its content, measured by the page): the roll is cut there. */
      lengthMm: z.number().min(20).max(3000).optional(),
    }),
  ),
  /** The store's header for printouts, and where receipts go (the OS driver or a thermal printer). */
  'print.setup': method<PrintSetup>()('clerk', none),
  /** A receipt for the thermal printer, in blocks; the backend encodes it in ESC/POS and sends it. */
  'print.receipt': method<PrintResult>()('clerk', z.strictObject({ job: receiptJobSchema })),
  /** A cash sale or top-up completed: the drawer on the receipt printer opens, once for each. */
  'print.drawer': method<PrintResult>()('clerk', z.strictObject({ kind: z.enum(['sale', 'topup']), id: z.uuid() })),
  /** Settings → Printer's test page, to the thermal printer as the form has it (saved or not). */
  'print.test': method<PrintResult>()('manager', z.strictObject({ escpos: escposSettingsSchema, job: receiptJobSchema })),
} as const;
