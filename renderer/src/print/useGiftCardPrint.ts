import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { CustomerLanguage } from '../../../shared/languages.ts';
import type { PrintResult } from '../../../shared/printing.ts';
import { loadNamespaces } from '../i18n/i18n.ts';
import { printPage } from './printPage.ts';
import type { Paper } from './Voucher.tsx';

/**
 * The gift cards' paper and language, and a print action that loads the language's words and puts
 * the cards in them before the page is printed (the desktop printer or the browser's dialog).
 */
export function useGiftCardPrint(initial: CustomerLanguage): {
  paper: Paper;
  language: CustomerLanguage;
  setLanguage(language: CustomerLanguage): void;
  print(which: Paper): Promise<PrintResult>;
} {
  const [paper, setPaper] = useState<Paper>('80mm');
  const [language, setLanguage] = useState<CustomerLanguage>(initial);
  // Bumped before printing, so the cards render again once their words are loaded.
  const [, setPrints] = useState(0);
  return {
    paper,
    language,
    setLanguage(next) {
      setLanguage(next);
      void loadNamespaces(next, ['giftcard', 'voucher']);
    },
    async print(which) {
      await loadNamespaces(language, ['giftcard', 'voucher']);
      flushSync(() => {
        setPaper(which);
        setPrints((n) => n + 1);
      });
      return printPage(which === '80mm' ? 'receipt80' : 'a4');
    },
  };
}
