/**
 * The contract's counter hardware: the receipt printer (ESC/POS), its cash drawer, and the camera
 * that reads ICCID barcodes and install QRs. Spread into `methods` (contract.ts).
 */
import { z } from 'zod';
import { method, none } from './contract-base.ts';
import type { PrintResult, PrintSetup } from './printing.ts';
import { receiptJobSchema } from './receipt-job.ts';
import { escposSettingsSchema } from './settings.ts';

export const devicesMethods = {
  /** The store's header for printouts, and where receipts go (the OS driver or a thermal printer). */
  'print.setup': method<PrintSetup>()('clerk', none),
  /** A receipt for the thermal printer, in blocks; the backend encodes it in ESC/POS and sends it. */
  'print.receipt': method<PrintResult>()('clerk', z.strictObject({ job: receiptJobSchema })),
  /** A cash sale or top-up completed: the drawer on the receipt printer opens, once for each. */
  'print.drawer': method<PrintResult>()('clerk', z.strictObject({ kind: z.enum(['sale', 'topup']), id: z.uuid() })),
  /** Settings → Printer's test page, to the thermal printer as the form has it (saved or not). */
  'print.test': method<PrintResult>()('manager', z.strictObject({ escpos: escposSettingsSchema, job: receiptJobSchema })),
  /**
   * The counter's page says it opens (or closes) its camera view. The desktop shell grants the
   * camera to that window only between the two; browser mode answers `handled: false` (the
   * browser asks the person itself).
   */
  'camera.scanning': method<{ readonly handled: boolean }>()('clerk', z.strictObject({ scanning: z.boolean() })),
  /** The eSIM this counter sold with a voucher's install QR (the camera read that, not the ICCID): its ICCID, or null. */
  'esims.byInstallQr': method<{ readonly iccid: string | null }>()(
    'clerk',
    z.strictObject({ qrcode: z.string().trim().min(1).max(1000) }),
  ),
} as const;
