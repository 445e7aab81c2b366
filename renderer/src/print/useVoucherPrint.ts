import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import type { PrintResult } from '../../../shared/printing.ts';
import type { SaleView } from '../../../shared/sales.ts';
import type { Paper } from './Voucher.tsx';
import { paperWords } from './paper.ts';
import { printPage } from './printPage.ts';
import { printReceipt } from './printReceipt.ts';
import { voucherBlocks } from './receipt-jobs.ts';

/**
 * The voucher's paper and a print action. The voucher must be in the page, in the chosen layout,
 * before the print dialog (or the desktop printer) copies it, hence the synchronous re-render. Its
 * words are the customer's: printPage loads the language they picked at the display (the display
 * state says it) and puts the voucher in it before printing, whichever screen prints. An 80 mm
 * voucher goes to the thermal printer when one is set up (printReceipt.ts).
 */
export function useVoucherPrint(
  sale: SaleView,
  environment: Environment,
): { paper: Paper; print(which: Paper, pdf?: boolean): Promise<PrintResult> } {
  const [paper, setPaper] = useState<Paper>('80mm');
  return {
    paper,
    print(which, pdf = false) {
      flushSync(() => setPaper(which));
      if (which === 'a4' || pdf) return printPage(which === '80mm' ? 'receipt80' : 'a4', pdf);
      return printReceipt((setup) => {
        const words = paperWords();
        return { blocks: voucherBlocks(sale, setup.store, environment, words), language: words.language, dir: words.dir };
      });
    },
  };
}
