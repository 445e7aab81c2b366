import type { PrintResult } from '../../../shared/printing.ts';
import { api } from '../api.ts';
import { fitReceiptPages } from './fit-pages.ts';
import { readyCustomerPapers } from './paper.ts';
import { currentPrintSetup } from './print-setup.ts';

/**
 * Prints the page's print layout through the OS. The desktop app prints it to the manager's
 * printer (or saves a PDF); in browser mode the backend cannot reach a printer, so the browser's
 * dialog opens. A voucher or receipt on the page is put in the customer's language first, with the
 * store's header, and an 80 mm receipt is cut where its content ends.
 */
export async function printPage(paper: 'receipt80' | 'a4', pdf = false): Promise<PrintResult> {
  await Promise.all([readyCustomerPapers(), currentPrintSetup()]);
  // Measured in the fonts it prints in: a receipt measured in a fallback font still loading is cut short.
  await document.fonts?.ready;
  const lengthMm = paper === 'receipt80' ? fitReceiptPages() : null;
  const result = await api().call('print.page', { paper, pdf, ...(lengthMm !== null && { lengthMm }) });
  if (result.ok && result.value.handled) return result.value;
  window.print();
  return { handled: false };
}
