import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { PrintResult } from '../../../shared/printing.ts';
import type { Paper } from './Voucher.tsx';
import { printPage } from './printPage.ts';

/**
 * The voucher's paper and a print action. The voucher must be in the page, in the chosen layout,
 * before the print dialog (or the desktop printer) copies it, hence the synchronous re-render. Its
 * words are the customer's: printPage loads the language they picked at the display (the display
 * state says it) and puts the voucher in it before printing, whichever screen prints.
 */
export function useVoucherPrint(): { paper: Paper; print(which: Paper, pdf?: boolean): Promise<PrintResult> } {
  const [paper, setPaper] = useState<Paper>('80mm');
  return {
    paper,
    print(which, pdf = false) {
      flushSync(() => setPaper(which));
      return printPage(which === '80mm' ? 'receipt80' : 'a4', pdf);
    },
  };
}
