import { createPortal } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { fallbackStore, PaperHead } from './PaperHead.tsx';
import { useCustomerPaper } from './paper.ts';
import { usePrintSetup } from './print-setup.ts';
import { isolate } from '../ui/isolate.ts';
import type { ReceiptBlockInput, StoreHeader } from '../../../shared/printing.ts';
import { paidHead, salePractice, type Words } from './receipt-jobs.ts';

type Props = { sale: SaleView; storeName: string; environment: Environment };

/**
 * The receipt of a sale taken while the service was away (80 mm, the customer's language): what
 * was paid, the address the eSIM goes to, by when, and the money back otherwise. Never on screen.
 */
export function OfflineReceipt({ sale, storeName, environment }: Props) {
  const { language, dir, t, f } = useCustomerPaper();
  const store = usePrintSetup()?.store ?? fallbackStore(storeName);
  const banner = salePractice(environment, t);
  return createPortal(
    <div className="print-root paper-80mm" data-testid="offline-receipt" lang={language} dir={dir}>
      <article className="voucher">
        <PaperHead store={store} taxLine={store.taxId ? t('taxId', { taxId: store.taxId }) : null}>
          <div className="voucher-meta">
            <bdi>{f.dateTime(sale.offline?.takenAt ?? sale.createdAt)}</bdi> ·{' '}
            <bdi className="paper-reference">{sale.reference}</bdi>
          </div>
        </PaperHead>
        {banner && <div className="voucher-banner">{banner}</div>}
        <div className="voucher-package">
          <strong>{t('package', { data: isolate(sale.packageData), count: sale.packageDays })}</strong>
          <bdi>{sale.packageTitle}</bdi>
          <span className="voucher-price">
            {f.money(sale.total)} · {t(`payment.${sale.paymentMethod}`)}
          </span>
        </div>
        <div className="voucher-offline">
          <strong>{t('offline.heading')}</strong>
          <div dir="ltr">{t('offline.to', { email: sale.customerEmail ?? '' })}</div>
          <div>{t('offline.when', { time: f.dateTime(sale.offline?.deadline ?? sale.createdAt) })}</div>
          <div>{t('offline.refund')}</div>
        </div>
        {banner && <div className="voucher-banner">{banner}</div>}
      </article>
    </div>,
    document.body,
  );
}

/** A sale taken while the service was away: paid, to be e-mailed to this address by then, or refunded. */
export function offlineBlocks(sale: SaleView, store: StoreHeader, environment: Environment, words: Words): ReceiptBlockInput[] {
  const { t, f } = words;
  const practice = salePractice(environment, t);
  const meta = `${isolate(f.dateTime(sale.offline?.takenAt ?? sale.createdAt))} · ${isolate(sale.reference)}`;
  return [
    ...paidHead(
      store,
      meta,
      practice,
      { t, f },
      {
        what: t('package', { data: isolate(sale.packageData), count: sale.packageDays }),
        title: sale.packageTitle,
        price: sale.total,
        paymentMethod: sale.paymentMethod,
      },
    ),
    { kind: 'text', text: t('offline.heading'), align: 'center', bold: true },
    { kind: 'text', text: t('offline.to', { email: sale.customerEmail ?? '' }), align: 'center' },
    { kind: 'text', text: t('offline.when', { time: f.dateTime(sale.offline?.deadline ?? sale.createdAt) }) },
    { kind: 'text', text: t('offline.refund') },
    ...(practice ? [{ kind: 'text', text: practice, align: 'center', bold: true } as const] : []),
  ];
}
