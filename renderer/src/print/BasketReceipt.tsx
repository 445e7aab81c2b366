import { createPortal } from 'react-dom';
import type { BasketView } from '../../../shared/baskets.ts';
import type { Environment } from '../../../shared/contract.ts';
import type { BasketItem } from '../counter/basket/basket-items.ts';
import { basketPaid, basketPaperLines } from './basket-paper.ts';
import { fallbackStore, PaperHead } from './PaperHead.tsx';
import { useCustomerPaper } from './paper.ts';
import { usePrintSetup } from './print-setup.ts';
import { salePractice } from './receipt-jobs.ts';
import type { Paper } from './Voucher.tsx';

type Props = {
  basket: BasketView;
  items: readonly BasketItem[];
  paper: Paper;
  storeName: string;
  environment: Environment;
};

/**
 * The basket's receipt for the OS print path, in the customer's language: each line with its price
 * or why nothing was charged for it, and what was paid. The vouchers and top-up receipts follow it
 * on the same print (their own portals); never visible on screen.
 */
export function BasketReceipt({ basket, items, paper, storeName, environment }: Props) {
  const words = useCustomerPaper();
  const { language, dir, t, f } = words;
  const store = usePrintSetup()?.store ?? fallbackStore(storeName);
  const practice = salePractice(environment, t);
  return createPortal(
    <div className={`print-root paper-${paper}`} data-testid="basket-receipt" lang={language} dir={dir}>
      <article className="voucher">
        <PaperHead store={store} taxLine={store.taxId ? t('taxId', { taxId: store.taxId }) : null}>
          <div className="voucher-meta">
            <bdi>{f.dateTime(basket.createdAt)}</bdi>
          </div>
        </PaperHead>
        {practice && <div className="voucher-banner">{practice}</div>}
        <div className="voucher-package">
          <strong>{t('basket.heading')}</strong>
        </div>
        <ul className="voucher-lines">
          {basketPaperLines(basket, items, words).map((line, i) => (
            <li key={i}>
              <bdi>{line.what}</bdi>
              <span className={line.charged ? 'voucher-line-charged' : undefined}>{line.amount}</span>
            </li>
          ))}
        </ul>
        <div className="voucher-price voucher-paid">{basketPaid(basket, words)}</div>
      </article>
    </div>,
    document.body,
  );
}
