import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BASKET_LINES, type BasketView } from '../../../../shared/baskets.ts';
import { useFormats } from '../../i18n/format.ts';
import { LiveWords } from '../../ui/LiveWords.tsx';
import { ReadinessNotice, sellingBlocked, useReadiness } from '../../ui/ReadinessNotice.tsx';
import { useScannerBurst } from '../../ui/useScannerBurst.ts';
import { AddPackage } from './AddPackage.tsx';
import { AddTopup } from './AddTopup.tsx';
import { basketLine, basketPrice, linesOf } from './basket-items.ts';
import { BasketLines } from './BasketLines.tsx';
import { BasketPayment } from './BasketPayment.tsx';
import { BasketResult } from './BasketResult.tsx';
import { useBasketDraft } from './draft.ts';
import { useBasketDisplay } from './useBasketDisplay.ts';
import { useStore } from '../../state/store.ts';
import '../../ui/counter-screens.css';
import './basket.css';

/**
 * One payment for several things: packages (as many eSIMs of each as wanted) and top-ups of eSIMs
 * the customers bring, each line its own order sent once (`baskets.create`). The basket and its
 * answer are kept while the clerk looks elsewhere; a scanned ICCID goes to the top-up search.
 */
export function BasketScreen() {
  const { t } = useTranslation('sell', { keyPrefix: 'basket' });
  const f = useFormats();
  const readiness = useReadiness();
  const { items, payment, sending, unsure, error, sold } = useBasketDraft();
  const [adding, setAdding] = useState<'package' | 'topup'>('package');
  const [scanned, setScanned] = useState<string | null>(null);
  // Where a scan was refused: its notice stands while nothing can be added for that same reason.
  const [refusedIn, setRefusedIn] = useState<string | null>(null);
  const side = useRef<HTMLHeadingElement>(null);
  const addHeading = useRef<HTMLHeadingElement>(null);
  const full = items.length >= MAX_BASKET_LINES;
  // Sent: its lines are fixed until the answer is known.
  const fixed = sending || unsure;
  const situation = sold ? `sold:${sold.basket.id}` : fixed ? 'sending' : full ? 'full' : null;
  const scanRefused = situation !== null && refusedIn === situation;
  const total = basketPrice(items);
  const blocked = sellingBlocked(readiness);
  const summary = items.length === 0 ? t('lines.summaryEmpty') : t('lines.summary', { total: f.amounts(total) });
  const refusedWords = fixed ? t('add.scanLater') : t('lines.full', { max: MAX_BASKET_LINES });

  // A scan wherever the focus is: an eSIM to top up, or said to wait when nothing can be added now.
  // Where the ICCID field is shown, the field takes the scan itself.
  useScannerBurst(
    (iccid) => {
      if (situation) return setRefusedIn(situation);
      setScanned(iccid);
      setAdding('topup');
    },
    !(adding === 'topup' && situation === null),
  );

  // The customer follows the basket as it is filled, then what was issued of it; not while it is on its way.
  useBasketDisplay(
    fixed
      ? null
      : sold
        ? linesOf(sold.basket).filter((_, i) => sold.basket.lines[i]!.status === 'issued')
        : items.map(basketLine),
  );

  const onBasket = useCallback((basket: BasketView) => useBasketDraft.getState().update(basket), []);
  const done = async () => {
    // The customer served: the display thanks them (and goes back to the welcome by itself) before
    // the next basket starts, whose empty display must not replace the thanks.
    await useStore.getState().showOnDisplay({ kind: 'thanks' });
    useBasketDraft.getState().finish();
    setAdding('package');
    setScanned(null);
    nextBasket.current = true;
  };
  // After Done the next basket starts where things are added (the button pressed is gone).
  const nextBasket = useRef(false);
  useEffect(() => {
    if (sold || !nextBasket.current) return;
    nextBasket.current = false;
    addHeading.current?.focus();
  }, [sold]);

  if (sold) {
    return (
      <div className="counter-flow basket-screen">
        <h1>{t('heading')}</h1>
        {scanRefused && <p className="notice">{t('add.scanLater')}</p>}
        <LiveWords words={scanRefused ? t('add.scanLater') : ''} />
        <BasketResult
          basket={sold.basket}
          items={sold.items}
          heading={(issued, count) => t('result.heading', { issued, total: count })}
          onBasket={onBasket}
          onClose={() => void done()}
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
          <h2 id="basket-add-heading" ref={addHeading} tabIndex={-1}>
            {t('add.heading')}
          </h2>
          {/* Where the basket is below (a narrow window): what it holds, always one line, and the way to it. */}
          <p className="basket-summary">
            <span>{summary}</span>
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
          {scanRefused && <p className="notice">{refusedWords}</p>}
          {fixed ? (
            <p className="notice">{t('add.sending')}</p>
          ) : full ? (
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
          {/* Said once for a screen reader as the basket changes; the lines themselves stay quiet. */}
          <LiveWords words={scanRefused ? refusedWords : summary} />
          <BasketLines items={items} disabled={fixed} afterRemove={() => side.current?.focus()} />
          {items.length > 0 && <p className="basket-total">{t('lines.total', { amount: f.amounts(total) })}</p>}
          <BasketPayment
            payment={payment}
            disabled={fixed}
            onChange={(method) => useBasketDraft.getState().setPayment(method)}
            error={error}
          />
          {unsure && <p className="notice warn">{t('unsure')}</p>}
          <div className="actions">
            <button
              type="button"
              className="button secondary"
              disabled={fixed || items.length === 0}
              onClick={() => useBasketDraft.getState().clear()}
            >
              {t('clear')}
            </button>
            <button
              type="button"
              className="button primary big"
              disabled={items.length === 0 || !payment || blocked}
              aria-disabled={sending || undefined}
              onClick={() => void useBasketDraft.getState().sell()}
            >
              {sending ? t('selling') : unsure ? t('tryAgain') : t('confirm', { total: f.amounts(total) })}
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
