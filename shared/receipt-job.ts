/** A receipt for the thermal printer as the contract checks it (print.receipt, print.test). */
import { z } from 'zod';
import { RASTER_MAX_HEIGHT } from './printing.ts';

/**
 * One piece of a receipt, top to bottom. Text goes to the printer as text in one of its code pages
 * when every character has one there (shared/printing.ts `fitsPrinterText`); anything else (Arabic,
 * Devanagari, Thai, Chinese, Japanese, Korean) comes drawn by the screen as a picture (`image`),
 * shaped and in its own direction, which every ESC/POS printer prints.
 */
export const receiptBlockSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('text'),
    text: z.string().max(2000),
    align: z.enum(['start', 'center', 'end']).default('start'),
    size: z.enum(['normal', 'large']).default('normal'),
    bold: z.boolean().default(false),
  }),
  /** A label at the start and its value at the end of one line (a report's totals). */
  z.strictObject({ kind: z.literal('pair'), label: z.string().max(200), value: z.string().max(200) }),
  z.strictObject({ kind: z.literal('rule') }),
  /** Printed with the printer's own QR command (GS ( k), so it is sharp at any size. */
  z.strictObject({ kind: z.literal('qr'), data: z.string().min(1).max(1000) }),
  /** Code 128, printed with the printer's own barcode command (GS k). */
  z.strictObject({ kind: z.literal('barcode'), data: z.string().regex(/^[\x20-\x7e]{1,40}$/) }),
  /** Text the printer has no code page for, drawn by the screen: 1 bit a dot, rows of width/8 bytes, base64. */
  z.strictObject({
    kind: z.literal('image'),
    width: z.number().int().min(8).max(576).multipleOf(8),
    height: z.number().int().min(1).max(RASTER_MAX_HEIGHT),
    bits: z.base64().max(((576 / 8) * RASTER_MAX_HEIGHT * 4) / 3 + 4),
  }),
  z.strictObject({ kind: z.literal('feed'), lines: z.number().int().min(1).max(10) }),
  /** Between two slips of one job (one voucher for each eSIM); the job's last cut comes by itself. */
  z.strictObject({ kind: z.literal('cut') }),
]);
export type ReceiptBlock = z.output<typeof receiptBlockSchema>;
export type ReceiptBlockInput = z.input<typeof receiptBlockSchema>;

/** Blocks in one job: several papers (a basket's) go as several jobs past it. */
export const MAX_RECEIPT_BLOCKS = 400;

export const receiptJobSchema = z.strictObject({ blocks: z.array(receiptBlockSchema).min(1).max(MAX_RECEIPT_BLOCKS) });
export type ReceiptJob = z.output<typeof receiptJobSchema>;
