/**
 * An 80 mm receipt — a voucher, a top-up receipt, a Z report — to wherever receipts go: the
 * thermal printer in ESC/POS when the manager set one up (the page composes the blocks, draws what
 * the printer cannot write, and the backend sends them), else the OS print path of the page itself.
 * A failure comes back as a PrintResult the screen words; nothing about the sale depends on it.
 */
import type { ReceiptBlockInput, PrintResult, PrintSetup } from '../../../shared/printing.ts';
import { api } from '../api.ts';
import { printPage } from './printPage.ts';
import { readyCustomerPapers } from './paper.ts';
import { currentPrintSetup } from './print-setup.ts';

export type ComposeReceipt = (setup: PrintSetup) => {
  readonly blocks: readonly ReceiptBlockInput[];
  /** The words' language and direction: what cannot be printed as text is drawn in it. */
  readonly language: string;
  readonly dir: 'ltr' | 'rtl';
};

export async function printReceipt(compose: ComposeReceipt): Promise<PrintResult> {
  await readyCustomerPapers();
  const setup = await currentPrintSetup();
  if (setup?.receipt.kind !== 'escpos') return printPage('receipt80');
  const { blocks, language, dir } = compose(setup);
  // Only a counter with a receipt printer needs the rasterizer: fetched at its first receipt, not at every first paint.
  const { rasterize } = await import('./raster.ts');
  const result = await api().call('print.receipt', { job: { blocks: rasterize(blocks, setup.receipt.dots, dir, language) } });
  if (!result.ok) return { handled: true, printed: false, problem: 'failed', detail: result.error.code };
  // The manager switched to the OS path since the page asked: it prints itself.
  return result.value.handled ? result.value : printPage('receipt80');
}

/**
 * A cash sale or top-up just completed: the drawer on the receipt printer opens (the backend makes
 * sure it is cash, completed, and the first time). Null when there is no drawer to open.
 */
export async function openCashDrawer(kind: 'sale' | 'topup', id: string): Promise<PrintResult | null> {
  const setup = await currentPrintSetup();
  if (setup?.receipt.kind !== 'escpos' || !setup.receipt.cashDrawer) return null;
  const result = await api().call('print.drawer', { kind, id });
  if (!result.ok) return { handled: true, printed: false, problem: 'failed', detail: result.error.code };
  return result.value;
}
