import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketView } from '../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { Money } from '../../../../shared/money.ts';
import type { PaymentMethod } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { sellingBlocked } from '../../ui/ReadinessNotice.tsx';
import { packageWords } from '../esim/package-words.ts';
import { basketLine, type BasketItem } from '../basket/basket-items.ts';
import { BasketPayment } from '../basket/BasketPayment.tsx';
import { BasketResult } from '../basket/BasketResult.tsx';
import { useBasketDraft } from '../basket/draft.ts';
import { sendBasket } from '../basket/send.ts';
import { openScreen } from '../../nav.ts';

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
  const { t: tb } = useTranslation('sell', { keyPrefix: 'basket' });
  const f = useFormats();
  // Made when the basket opens: asked again (a double click, a lost answer), it is the same basket.
  const [basketId] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  // No answer, and the basket could not be read back: it may only be sent again as it was.
  const [unsure, setUnsure] = useState(false);
  const [basket, setBasket] = useState<BasketView | null>(null);
  const blocked = sellingBlocked(useStore((s) => s.readiness));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = basket !== null;
  const items = useMemo(() => offers.map((offer): BasketItem => ({ kind: 'sale', offer, quantity: 1 })), [offers]);
  useEffect(() => onStep(done ? 'result' : 'confirm'), [done, onStep]);
  useEffect(() => () => onStep(null), [onStep]);

  const sell = async () => {
    if (!payment || busy) return;
    setBusy(true);
    setError(null);
    const outcome = await sendBasket({ id: basketId, paymentMethod: payment, lines: items.map(basketLine) });
    setBusy(false);
    if (outcome.kind === 'sold') return setBasket(outcome.basket);
    setError(outcome.error);
    setUnsure(outcome.kind === 'unsure');
    // Kept where a basket waiting for its answer is kept, so leaving Sell never loses it.
    if (outcome.kind === 'unsure' && useBasketDraft.getState().adopt({ basketId, items, payment, error: outcome.error }))
      openScreen('basket');
  };

  if (basket) {
    return (
      <div className="trip-basket">
        <BasketResult
          basket={basket}
          items={items}
          heading={(issued, count) => t('sold', { issued, total: count })}
          onBasket={setBasket}
          onClose={onClose}
        />
      </div>
    );
  }
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
      <BasketPayment payment={payment} onChange={setPayment} error={error} disabled={busy || unsure} />
      {unsure && <p className="notice warn">{tb('unsure')}</p>}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onClose} disabled={busy || unsure}>
          {t('back')}
        </button>
        <button
          type="button"
          className="button primary big"
          disabled={!payment || blocked}
          aria-disabled={busy || undefined}
          onClick={() => void sell()}
        >
          {busy ? t('selling') : unsure ? tb('tryAgain') : t('confirm', { count: offers.length, total: f.money(total) })}
        </button>
      </div>
    </section>
  );
}
