import type { PrintResult } from '../../../shared/printing.ts';
import { api } from '../api.ts';
import { readyCustomerPapers } from './paper.ts';

/**
 * Prints the page's print layout. The desktop app prints it to the manager's printer (or saves a
 * PDF); in browser mode the backend cannot reach a printer, so the browser's dialog opens. A
 * voucher or receipt on the page is put in the customer's language first.
 */
export async function printPage(paper: 'receipt80' | 'a4', pdf = false): Promise<PrintResult> {
  await readyCustomerPapers();
  const result = await api().call('print.page', { paper, pdf });
  if (result.ok && result.value.handled) return result.value;
  window.print();
  return { handled: false };
}
