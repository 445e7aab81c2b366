import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { BasketView } from '../../../../shared/baskets.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import { MAX_RECEIPT_BLOCKS, type ReceiptBlockInput } from '../../../../shared/receipt-job.ts';
import type { SaleView, TopupView } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { describeError, describeSaleFailure } from '../../errors.ts';
import { basketPapers, receiptJobs } from '../../print/basket-paper.ts';
import { BasketReceipt } from '../../print/BasketReceipt.tsx';
import { paperWords } from '../../print/paper.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { printPage } from '../../print/printPage.ts';
import { openCashDrawer, printReceipt } from '../../print/printReceipt.ts';
import { TopupReceipt } from '../../print/TopupReceipt.tsx';
import { Voucher, type Paper } from '../../print/Voucher.tsx';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { EsimCodes, groupIccid } from '../esim/EsimCodes.tsx';
import { paymentWords } from '../sell/checkout.ts';
import { itemOf, linesOf, type BasketItem } from './basket-items.ts';
import { sendBasket } from './send.ts';
import { useItemWords } from './useItemWords.ts';
import './basket.css';

/** How often a basket with a line still being checked is read again. */
const POLL_MS = 4000;

type Props = {
  basket: BasketView;
  /** The lines as the clerk put them in, in the basket's order (empty when not known). */
  items: readonly BasketItem[];
  /** "1 of 2 eSIMs issued", in the words of the screen that sold it. */
  heading(issued: number, total: number): string;
  /** The basket read again: a line checked, the rest sent. */
  onBasket(basket: BasketView): void;
  onClose(): void;
};

type Orders = { readonly sales: readonly SaleView[]; readonly topups: readonly TopupView[] };

/**
 * Every line that became an order, as the journal has it: the issued ones for their codes, the
 * others for why. An order that could not be read this time keeps its view from `before`.
 */
async function readOrders(basket: BasketView, before: Orders | null): Promise<Orders> {
  const made = basket.lines.filter((line) => line.orderStatus !== null);
  const read = async <T extends { id: string }>(
    kind: 'sale' | 'topup',
    get: (id: string) => Promise<{ ok: true; value: T } | { ok: false }>,
    kept: readonly T[],
  ): Promise<T[]> => {
    const views: T[] = [];
    for (const line of made.filter((l) => l.kind === kind)) {
      const view = await get(line.orderId);
      const known = view.ok ? view.value : kept.find((old) => old.id === line.orderId);
      if (known) views.push(known);
    }
    return views;
  };
  const [sales, topups] = await Promise.all([
    read<SaleView>('sale', (id) => api().call('sales.get', { id }), before?.sales ?? []),
    read<TopupView>('topup', (id) => api().call('topups.get', { id }), before?.topups ?? []),
  ]);
  return { sales, topups };
}

/**
 * A basket once paid: which lines were issued (their QR codes, for the display and the papers),
 * which were not (nothing charged for them) and which are still being checked (read again until
 * they are known). One receipt for the whole basket, then each eSIM's voucher and top-up's receipt.
 */
export function BasketResult({ basket, items, heading, onBasket, onClose }: Props) {
  const { t } = useTranslation('sell', { keyPrefix: 'basket.result' });
  const describe = useItemWords();
  const f = useFormats();
  const info = useStore((s) => s.info);
  const environment = info?.environment ?? 'demo';
  const storeName = info?.name ?? 'eSIM Counter';
  const [orders, setOrders] = useState<Orders | null>(null);
  const [sending, setSending] = useState(false);
  const [restError, setRestError] = useState<AppError | null>(null);
  const [paper, setPaper] = useState<Paper>('80mm');
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [drawer, setDrawer] = useState<PrintResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = basket.lines.some((line) => line.status === 'checking' || line.status === 'waiting');
  const waiting = basket.lines.some((line) => line.status === 'waiting');
  const ordersRead = useRef<Orders | null>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    let current = true;
    void readOrders(basket, ordersRead.current).then((read) => {
      // A read overtaken by a newer basket's is not kept: the newer one's views are.
      if (!current) return;
      ordersRead.current = read;
      setOrders(read);
    });
    return () => {
      current = false;
    };
  }, [basket]);
  // A line being checked, or not sent yet (a send cut off still going on), is read again until it is known.
  // One read at a time, the next a while after the last answer: an older answer never follows a newer one.
  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        void api()
          .call('baskets.get', { id: basket.id })
          .then((read) => {
            if (stopped) return;
            if (read.ok) onBasket(read.value);
            next();
          });
      }, POLL_MS);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [open, basket.id, onBasket]);

  // The lines a cut-off send left: sent now under the same id (those already sent are only read).
  const sendRest = async () => {
    setSending(true);
    setRestError(null);
    const outcome = await sendBasket({ id: basket.id, paymentMethod: basket.paymentMethod, lines: linesOf(basket) });
    setSending(false);
    if (outcome.kind === 'sold') onBasket(outcome.basket);
    else setRestError(outcome.error);
  };

  const sales = orders?.sales.filter((sale) => sale.status === 'completed') ?? [];
  const topups = orders?.topups.filter((topup) => topup.status === 'completed') ?? [];
  const issued = basket.lines.filter((line) => line.status === 'issued').length;
  // The papers wait for the orders they print: a voucher left out would be a QR the customer never gets.
  const printable = issued > 0 && orders !== null && sales.length + topups.length === issued;
  // One payment, one drawer: it opens once, for the basket's first issued order.
  const drawerOrder = sales[0] ? `sale:${sales[0].id}` : topups[0] ? `topup:${topups[0].id}` : null;
  const drawerOpened = useRef(false);
  useEffect(() => {
    if (!drawerOrder || basket.paymentMethod !== 'cash' || drawerOpened.current) return;
    drawerOpened.current = true;
    const [kind, id] = drawerOrder.split(':') as ['sale' | 'topup', string];
    void openCashDrawer(kind, id).then(setDrawer);
  }, [drawerOrder, basket.paymentMethod]);

  const print = async (which: Paper): Promise<PrintResult> => {
    if (which === 'a4') return printPage('a4');
    // Composed once, with the printer's store header; a basket past one job's size goes as several.
    const composed: { jobs: ReceiptBlockInput[][] | null } = { jobs: null };
    for (let part = 0; ; part++) {
      const result = await printReceipt((setup) => {
        const words = paperWords();
        composed.jobs ??= receiptJobs(
          basketPapers(basket, items, { sales, topups }, setup.store, environment, words),
          MAX_RECEIPT_BLOCKS,
        );
        return { blocks: composed.jobs[part] ?? [], language: words.language, dir: words.dir };
      });
      // The OS path printed the whole page at once; a job that failed stops the ones after it.
      const last = composed.jobs === null || part >= composed.jobs.length - 1;
      if (last || !result.handled || !result.printed) return result;
    }
  };

  const printOn = (which: Paper) => {
    setPrinted(null);
    flushSync(() => setPaper(which));
    void print(which).then(setPrinted);
  };

  return (
    <section className="basket-result" aria-labelledby="basket-result-heading" data-testid="basket-result">
      <h2 id="basket-result-heading" ref={headingRef} tabIndex={-1}>
        {heading(issued, basket.lines.length)}
      </h2>
      <p>
        {t('charged', { amount: f.amounts(basket.charged), payment: paymentWords(basket.paymentMethod) })}{' '}
        {issued < basket.lines.length && t('notCharged')}
      </p>
      <ol className="basket-result-lines">
        {basket.lines.map((line) => {
          const item = itemOf(items, line);
          const sale = orders?.sales.find((s) => s.id === line.orderId);
          const topup = orders?.topups.find((s) => s.id === line.orderId);
          return (
            <li key={line.orderId} className={`basket-result-line ${line.status}`}>
              <p>
                <strong>
                  {item
                    ? describe(item, true)
                    : line.iccid
                      ? `${line.packageId} · ICCID ${groupIccid(line.iccid)}`
                      : line.packageId}
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
              {line.status === 'failed' && topup?.failure && <p className="muted">{describeSaleFailure(topup.failure).words}</p>}
              {sale?.status === 'completed' &&
                sale.esims.map((esim) => (
                  <div className="basket-result-esim" key={esim.iccid}>
                    <EsimCodes esim={esim} size={180} appleSize={110} />
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => void useStore.getState().showOnDisplay({ kind: 'install', saleId: sale.id })}
                    >
                      {t('show')}
                    </button>
                  </div>
                ))}
            </li>
          );
        })}
      </ol>
      {restError && (
        <p className="notice error" role="alert">
          {describeError(restError)}
        </p>
      )}
      <div className="actions">
        {waiting && (
          <button
            type="button"
            className="button primary"
            aria-disabled={sending || undefined}
            onClick={() => !sending && void sendRest()}
          >
            {t('sendRest')}
          </button>
        )}
        {printable && (
          <>
            <button type="button" className="button secondary big" onClick={() => printOn('80mm')}>
              {t('print')}
            </button>
            <button type="button" className="button secondary" onClick={() => printOn('a4')}>
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
      <BasketReceipt basket={basket} items={items} paper={paper} storeName={storeName} environment={environment} />
      {sales.map((sale) => (
        <Voucher key={sale.id} sale={sale} paper={paper} storeName={storeName} environment={environment} />
      ))}
      {topups.map((topup) => (
        <TopupReceipt key={topup.id} topup={topup} paper={paper} storeName={storeName} environment={environment} />
      ))}
    </section>
  );
}
