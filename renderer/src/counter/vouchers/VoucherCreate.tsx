import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { multiplyMoney } from '../../../../shared/money.ts';
import type { PaymentMethod } from '../../../../shared/sales.ts';
import { MAX_VOUCHERS, type VoucherBatchView } from '../../../../shared/vouchers.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { PaymentTiles } from '../../ui/PaymentTiles.tsx';
import { coverageWords, packageWords } from '../esim/package-words.ts';
import { PackageSearch } from './PackageSearch.tsx';
import { CreditShortNotice, ReadinessNotice, sellingBlocked, useCreditCovers, useReadiness } from '../../ui/ReadinessNotice.tsx';

type Props = {
  onCreated(batch: VoucherBatchView): void;
  /** The service or the counter refused: a refused batch is kept, so the list is read again. */
  onRefused(): void;
};

/**
 * A package, how many codes and a booking reference. The batch id is made when the form opens,
 * so a double click, or a repeat after a lost answer, buys once.
 */
export function VoucherCreate({ onCreated, onRefused }: Props) {
  const { t } = useTranslation('vouchers');
  const f = useFormats();
  const [offer, setOffer] = useState<PackageOffer | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [booking, setBooking] = useState('');
  // Asked afresh for each batch, as for each sale: a payment carried over is a payment not asked.
  const [payment, setPayment] = useState<PaymentMethod | null>(null);
  const [batchId, setBatchId] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [outcome, setOutcome] = useState<VoucherBatchView | null>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  // Codes are paid for like a sale: what stops a sale, or a credit that cannot pay for them, is said before.
  const readiness = useReadiness();
  const covered = useCreditCovers(offer ? { packageId: offer.id, quantity } : null);
  const blocked = sellingBlocked(readiness) || covered === false;

  const pick = (picked: PackageOffer | null) => {
    setOffer(picked);
    setOutcome(null);
    setError(null);
    // The focus follows the form: to the quantity once a package is chosen.
    if (picked) setTimeout(() => quantityInput.current?.focus(), 0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!offer || !payment || busy || blocked) return;
    setBusy(true);
    setError(null);
    setOutcome(null);
    void api()
      .call('vouchers.create', {
        batchId,
        packageId: offer.id,
        quantity,
        paymentMethod: payment,
        ...(booking.trim() ? { bookingReference: booking.trim() } : {}),
      })
      .then((result) => {
        setBusy(false);
        // Settled one way or the other: the next batch is a new one.
        setBatchId(crypto.randomUUID());
        if (!result.ok) {
          setError(result.error);
          onRefused();
          return;
        }
        setOutcome(result.value);
        onCreated(result.value);
        if (result.value.status === 'completed') {
          setBooking('');
          setQuantity(1);
          setPayment(null);
        }
      });
  };

  return (
    <section className="panel voucher-create" aria-labelledby="voucher-create-heading">
      <h2 id="voucher-create-heading">{t('create.heading')}</h2>
      {offer ? (
        <p className="voucher-chosen">
          <strong>
            {t('create.chosen', {
              package: packageWords(offer.dataText, offer.days, f),
              place: `${coverageWords(offer, f)} · ${offer.operator}`,
              price: f.money(offer.retail),
            })}
          </strong>{' '}
          <button type="button" className="button small secondary" onClick={() => pick(null)}>
            {t('create.change')}
          </button>
        </p>
      ) : (
        <PackageSearch onPick={pick} />
      )}
      <ReadinessNotice readiness={readiness} />
      {offer && <CreditShortNotice covered={covered} />}
      <form className="voucher-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="label">{t('create.quantity')}</span>
          <input
            ref={quantityInput}
            className="text-input quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_VOUCHERS}
            value={quantity}
            onChange={(e) => {
              const n = Number.parseInt(e.target.value, 10);
              if (Number.isFinite(n)) setQuantity(Math.max(1, Math.min(MAX_VOUCHERS, n)));
            }}
          />
        </label>
        <label className="field">
          <span className="label">{t('create.booking')}</span>
          <input
            className="text-input"
            type="text"
            maxLength={100}
            value={booking}
            aria-describedby="voucher-booking-hint"
            onChange={(e) => setBooking(e.target.value)}
          />
          <span id="voucher-booking-hint" className="hint">
            {t('create.bookingHint')}
          </span>
        </label>
        <PaymentTiles name="voucher-payment" value={payment} onPick={setPayment} autoFocus={false} />
        {offer && (
          <p className="muted">{t('create.total', { count: quantity, total: f.money(multiplyMoney(offer.retail, quantity)) })}</p>
        )}
        <div className="actions">
          <button
            type="submit"
            className="button primary"
            disabled={!offer || !payment || busy || blocked}
            aria-describedby={offer && payment ? undefined : 'voucher-pick-first'}
          >
            {busy ? t('create.busy') : t('create.submit')}
          </button>
          {(!offer || !payment) && (
            <span id="voucher-pick-first" className="muted small">
              {offer ? t('create.payFirst') : t('create.pickFirst')}
            </span>
          )}
        </div>
      </form>
      <div role="status" aria-live="polite">
        {outcome?.status === 'completed' && <p className="notice good">{t('create.done', { count: outcome.codes.length })}</p>}
        {outcome?.status === 'uncertain' && <p className="notice warn">{t('create.uncertain')}</p>}
      </div>
      {error && <AppErrorNotice error={error} />}
    </section>
  );
}
