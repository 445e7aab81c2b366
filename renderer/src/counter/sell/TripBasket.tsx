import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { BasketView } from '../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { Money } from '../../../../shared/money.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import { PAYMENT_METHODS, type PaymentMethod, type SaleView } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { describeError, describeSaleFailure } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { paperWords } from '../../print/paper.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { printPage } from '../../print/printPage.ts';
import { openCashDrawer, printReceipt } from '../../print/printReceipt.ts';
import { voucherBlocks } from '../../print/receipt-jobs.ts';
import { Voucher, type Paper } from '../../print/Voucher.tsx';
import { useStore } from '../../state/store.ts';
import { sellingBlocked } from '../../ui/ReadinessNotice.tsx';
import { EsimCodes } from '../esim/EsimCodes.tsx';
import { coverageWords, packageWords } from '../esim/package-words.ts';
import { paymentWords } from './checkout.ts';

/** Where a basket's sale stands: being paid for, its result, or null once it is closed. */
export type BasketStep = 'confirm' | 'result' | null;

type Props = {
  /** The option's packages, one eSIM each, in the trip's order. */
  offers: readonly PackageOffer[];
  total: Money;
  onClose(): void;
  onStep(step: BasketStep): void;
};

/**
 * A trip's option sold as one basket: one payment for its eSIMs, each its own sale sent once. The
 * result says which were issued (their QR codes, for the display and the vouchers), which were not
 * (nothing charged for them) and which are still being checked.
 */
export function TripBasket({ offers, total, onClose, onStep }: Props) {
  const { t } = useTranslation('sell', { keyPrefix: 'trip.basket' });
  const f = useFormats();
  // Made when the basket opens: asked again (a double click, a lost answer), it is the same basket.
  const [basketId] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [basket, setBasket] = useState<BasketView | null>(null);
  const [sales, setSales] = useState<readonly SaleView[]>([]);
  const blocked = sellingBlocked(useStore((s) => s.readiness));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [basket]);
  const done = basket !== null;
  useEffect(() => onStep(done ? 'result' : 'confirm'), [done, onStep]);
  useEffect(() => () => onStep(null), [onStep]);

  const sell = async () => {
    if (!payment || busy) return;
    setBusy(true);
    setError(null);
    const lines = offers.map((offer) => ({ packageId: offer.id, quantity: 1 }));
    const result = await api().call('baskets.create', { id: basketId, paymentMethod: payment, lines });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    // Every line that became a sale: the issued ones for their codes, the others for why.
    const made = result.value.lines.filter((line) => line.orderStatus !== null);
    const views = await Promise.all(made.map((line) => api().call('sales.get', { id: line.orderId })));
    setSales(views.flatMap((view) => (view.ok ? [view.value] : [])));
    setBasket(result.value);
  };

  if (basket) return <BasketResult basket={basket} offers={offers} sales={sales} onClose={onClose} />;
  return (
    <section className="trip-basket panel" aria-labelledby="trip-basket-heading">
      <h2 id="trip-basket-heading" ref={heading} tabIndex={-1}>
        {t('heading')}
      </h2>
      <ul className="trip-basket-lines">
        {offers.map((offer, i) => (
          <li key={`${offer.id}-${i}`}>
            {packageWords(offer.dataText, offer.days, f)} · <bdi>{offer.operator}</bdi> · {f.money(offer.retail)}
          </li>
        ))}
      </ul>
      <fieldset className="field">
        <legend>{t('payment')}</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="radio">
            <input type="radio" name="basket-payment" checked={payment === method} onChange={() => setPayment(method)} />
            {paymentWords(method)}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="notice error" role="alert">
          {describeError(error)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onClose} disabled={busy}>
          {t('back')}
        </button>
        <button
          type="button"
          className="button primary big"
          disabled={!payment || blocked}
          aria-disabled={busy || undefined}
          onClick={() => void sell()}
        >
          {busy ? t('selling') : t('confirm', { count: offers.length, total: f.money(total) })}
        </button>
      </div>
    </section>
  );
}

function BasketResult({
  basket,
  offers,
  sales,
  onClose,
}: {
  basket: BasketView;
  offers: readonly PackageOffer[];
  sales: readonly SaleView[];
  onClose(): void;
}) {
  const { t } = useTranslation('sell', { keyPrefix: 'trip.basket' });
  const f = useFormats();
  const info = useStore((s) => s.info);
  const environment = info?.environment ?? 'demo';
  const storeName = info?.name ?? 'eSIM Counter';
  const [paper, setPaper] = useState<Paper>('80mm');
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [drawer, setDrawer] = useState<PrintResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const issued = basket.lines.filter((line) => line.status === 'issued').length;
  const completed = sales.filter((sale) => sale.status === 'completed');
  const first = completed[0];

  useEffect(() => heading.current?.focus(), []);
  // One payment, one drawer: it opens once for the basket's first issued sale.
  useEffect(() => {
    if (first && basket.paymentMethod === 'cash') void openCashDrawer('sale', first.id).then(setDrawer);
  }, [first, basket.paymentMethod]);

  // Every issued eSIM's voucher, one after the other: the thermal printer cuts between them.
  const print = (which: Paper) => {
    setPrinted(null);
    flushSync(() => setPaper(which));
    const job =
      which === 'a4'
        ? printPage('a4')
        : printReceipt((setup) => {
            const words = paperWords();
            const blocks = completed.flatMap((sale, i) => [
              ...(i > 0 ? [{ kind: 'cut' } as const] : []),
              ...voucherBlocks(sale, setup.store, environment, words),
            ]);
            return { blocks, language: words.language, dir: words.dir };
          });
    void job.then(setPrinted);
  };

  return (
    <section className="trip-basket result" aria-labelledby="trip-basket-result" data-testid="trip-basket-result">
      <h2 id="trip-basket-result" ref={heading} tabIndex={-1}>
        {t('sold', { issued, total: basket.lines.length })}
      </h2>
      <p>
        {t('charged', { amount: f.amounts(basket.charged), payment: paymentWords(basket.paymentMethod) })}{' '}
        {issued < basket.lines.length && t('notCharged')}
      </p>
      <ol className="trip-basket-lines">
        {basket.lines.map((line) => {
          const offer = offers[line.index];
          const sale = sales.find((s) => s.id === line.orderId);
          const esim = sale?.esims[0];
          return (
            <li key={line.orderId} className={`trip-basket-line ${line.status}`}>
              <p>
                <strong>
                  {offer ? `${coverageWords(offer, f)}: ${packageWords(offer.dataText, offer.days, f)}` : line.packageId}
                </strong>{' '}
                · {t(`status.${line.status}`)}
                {line.reference && (
                  <>
                    {' '}
                    · <bdi>{line.reference}</bdi>
                  </>
                )}
              </p>
              {line.refusal && <p className="muted">{describeError(line.refusal)}</p>}
              {line.status === 'failed' && sale?.failure && <p className="muted">{describeSaleFailure(sale.failure).words}</p>}
              {sale?.status === 'completed' && esim && (
                <div className="trip-basket-esim">
                  <EsimCodes esim={esim} size={180} appleSize={110} />
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => void useStore.getState().showOnDisplay({ kind: 'install', saleId: sale.id })}
                  >
                    {t('show')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="actions">
        {completed.length > 0 && (
          <>
            <button type="button" className="button secondary big" onClick={() => print('80mm')}>
              {t('print')}
            </button>
            <button type="button" className="button secondary" onClick={() => print('a4')}>
              {t('printA4')}
            </button>
          </>
        )}
        <button type="button" className="button finish big" onClick={onClose}>
          {t('done')}
        </button>
      </div>
      <PrintNotice result={printed} saleSafe />
      <PrintNotice result={drawer} drawer />
      {completed.map((sale) => (
        <Voucher key={sale.id} sale={sale} paper={paper} storeName={storeName} environment={environment} />
      ))}
    </section>
  );
}
