import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketView } from '../../../../shared/baskets.ts';
import { MAX_BASKET_LINES } from '../../../../shared/baskets.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { ReadinessNotice, sellingBlocked, useReadiness } from '../../ui/ReadinessNotice.tsx';
import { useScannerBurst } from '../../ui/useScannerBurst.ts';
import { AddPackage } from './AddPackage.tsx';
import { AddTopup } from './AddTopup.tsx';
import { basketLine, basketPrice, type BasketItem } from './basket-items.ts';
import { BasketLines } from './BasketLines.tsx';
import { BasketPayment } from './BasketPayment.tsx';
import { BasketResult } from './BasketResult.tsx';
import { useBasketDraft } from './draft.ts';
import '../../ui/counter-screens.css';
import './basket.css';

type Sold = { basket: BasketView; items: readonly BasketItem[] };

/**
 * One payment for several things: packages (as many eSIMs of each as wanted) and top-ups of eSIMs
 * the customers bring, each line its own order sent once (`baskets.create`). The basket is kept
 * while the clerk looks elsewhere; a scanned ICCID goes to the top-up search.
 */
export function BasketScreen() {
  const { t } = useTranslation('sell', { keyPrefix: 'basket' });
  const f = useFormats();
  const session = useStore((s) => s.session);
  const readiness = useReadiness();
  const { basketId, items, payment } = useBasketDraft();
  const [adding, setAdding] = useState<'package' | 'topup'>('package');
  const [scanned, setScanned] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [sold, setSold] = useState<Sold | null>(null);
  const side = useRef<HTMLHeadingElement>(null);
  const staffId = session?.status === 'active' ? session.staffId : null;

  useEffect(() => {
    if (staffId) useBasketDraft.getState().startFor(staffId);
  }, [staffId]);
  // A scan while the package search is shown is an eSIM to top up.
  useScannerBurst(
    (iccid) => {
      setScanned(iccid);
      setAdding('topup');
    },
    adding === 'package' && !sold,
  );

  const full = items.length >= MAX_BASKET_LINES;
  const total = basketPrice(items);
  const blocked = sellingBlocked(readiness);

  const sell = async () => {
    if (!payment || busy || items.length === 0) return;
    setBusy(true);
    setError(null);
    const sent = items;
    const input = { id: basketId, paymentMethod: payment, lines: sent.map(basketLine) };
    let result = await api().call('baskets.create', input);
    // No answer is not no basket: what the counter wrote before it was cut off is shown, never sent again under another id.
    if (!result.ok) {
      const held = await api().call('baskets.get', { id: basketId });
      if (held.ok) result = held;
    }
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setSold({ basket: result.value, items: sent });
  };

  const done = () => {
    useBasketDraft.getState().clear();
    setSold(null);
    setAdding('package');
  };

  if (sold) {
    const issued = sold.basket.lines.filter((line) => line.status === 'issued').length;
    return (
      <div className="counter-flow basket-screen">
        <h1>{t('heading')}</h1>
        <BasketResult
          basket={sold.basket}
          items={sold.items}
          heading={t('result.heading', { issued, total: sold.basket.lines.length })}
          onClose={done}
        />
      </div>
    );
  }

  return (
    <div className="counter-flow basket-screen">
      <h1>{t('heading')}</h1>
      <ReadinessNotice readiness={readiness} />
      <div className="basket">
        <section className="basket-add" aria-labelledby="basket-add-heading">
          <h2 id="basket-add-heading">{t('add.heading')}</h2>
          {/* Where the basket is below (a narrow window): what it holds, always one line, and the way to it. */}
          <p className="basket-summary">
            <span aria-live="polite">
              {items.length === 0 ? t('lines.summaryEmpty') : t('lines.summary', { total: f.amounts(total) })}
            </span>
            <button type="button" className="button secondary small" onClick={() => side.current?.focus()}>
              {t('lines.toPayment')}
            </button>
          </p>
          <div className="basket-add-kind" role="group" aria-label={t('add.heading')}>
            {(['package', 'topup'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="button secondary"
                aria-pressed={adding === kind}
                onClick={() => {
                  setScanned(null);
                  setAdding(kind);
                }}
              >
                {t(`add.${kind}`)}
              </button>
            ))}
          </div>
          {full ? (
            <p className="notice">{t('lines.full', { max: MAX_BASKET_LINES })}</p>
          ) : adding === 'package' ? (
            <AddPackage onAdd={(offer) => useBasketDraft.getState().addPackage(offer)} />
          ) : (
            <AddTopup
              key={scanned ?? ''}
              preset={scanned}
              onAdd={(iccid, offer) => useBasketDraft.getState().addTopup(iccid, offer)}
            />
          )}
        </section>
        <section className="basket-side panel" aria-labelledby="basket-lines-heading">
          <h2 id="basket-lines-heading" ref={side} tabIndex={-1}>
            {t('lines.heading')}
          </h2>
          <BasketLines items={items} disabled={busy} />
          {items.length > 0 && <p className="basket-total">{t('lines.total', { amount: f.amounts(total) })}</p>}
          <BasketPayment payment={payment} onChange={(method) => useBasketDraft.getState().setPayment(method)} error={error} />
          <div className="actions">
            <button
              type="button"
              className="button secondary"
              disabled={busy || items.length === 0}
              onClick={() => useBasketDraft.getState().clear()}
            >
              {t('clear')}
            </button>
            <button
              type="button"
              className="button primary big"
              disabled={items.length === 0 || !payment || blocked}
              aria-disabled={busy || undefined}
              onClick={() => void sell()}
            >
              {busy ? t('selling') : t('confirm', { total: f.amounts(total) })}
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
