import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { CUSTOMER_LANGUAGES, endonym } from '../../../../shared/languages.ts';
import { voucherReference, type VoucherBatchView } from '../../../../shared/vouchers.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import { GiftCards } from '../../print/GiftCards.tsx';
import { useGiftCardPrint } from '../../print/useGiftCardPrint.ts';
import { useStore } from '../../state/store.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { packageWords } from '../esim/package-words.ts';
import { batchTotal, voucherStatusLabel } from '../history/history-words.ts';
import { paymentWords } from '../sell/checkout.ts';
import { batchPlace } from './voucher-words.ts';

type Props = {
  batch: VoucherBatchView;
  storeName: string;
  environment: Environment;
  /** Who sold it, by staff id; given where sales show their clerk (History). */
  staffName?: (id: string) => string;
  /** Bumped each time the clerk asks to see this batch, so the focus comes here even when it is open already. */
  focusRequest: number;
  onPrinted(batch: VoucherBatchView): void;
  onClose(): void;
};

/** One batch: its codes, and its gift cards printed in the customer's language. */
export function VoucherBatchDetail({ batch, storeName, environment, staffName, focusRequest, onPrinted, onClose }: Props) {
  const { t } = useTranslation(['vouchers', 'history']);
  const f = useFormats();
  const heading = useRef<HTMLHeadingElement>(null);
  // The customer at the display, if they chose a language there; else the store's default.
  const { paper, language, setLanguage, print } = useGiftCardPrint(useStore.getState().customerLanguage);
  const [printed, setPrinted] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => heading.current?.focus(), [batch.id, focusRequest]);

  const printCards = async (which: '80mm' | 'a4') => {
    setPrinted(false);
    setError(null);
    const recorded = await api().call('vouchers.printed', { batchId: batch.id });
    if (!recorded.ok) {
      setError(recorded.error);
      return;
    }
    onPrinted(recorded.value);
    await print(which);
    setPrinted(true);
  };

  return (
    <section className="panel voucher-batch" aria-labelledby="voucher-batch-heading">
      <div className="detail-head">
        <h2 id="voucher-batch-heading" ref={heading} tabIndex={-1}>
          {t('batch.heading', { package: packageWords(batch.packageData, batch.packageDays, f), place: batchPlace(batch, f) })}
        </h2>
        <button type="button" className="button small secondary" onClick={onClose} aria-label={t('batch.close')}>
          ✕
        </button>
      </div>
      <p className="muted">
        {t('batch.made', { when: f.dateTime(batch.createdAt) })}
        {batch.bookingReference && (
          <>
            {' · '}
            <bdi>{t('list.booking', { reference: batch.bookingReference })}</bdi>
          </>
        )}
      </p>
      <dl className="summary compact" data-testid="voucher-batch-summary">
        <dt>{t('history:detail.reference')}</dt>
        <dd>{voucherReference(batch)}</dd>
        <dt>{t('history:column.package')}</dt>
        <dd>
          <bdi>{batch.packageTitle}</bdi>
        </dd>
        <dt>{t('history:voucherDetail.codes')}</dt>
        <dd>{f.number(batch.quantity)}</dd>
        <dt>{t('history:detail.status')}</dt>
        <dd>{voucherStatusLabel(batch.status)}</dd>
        <dt>{t('history:detail.total')}</dt>
        <dd>
          {f.money(batchTotal(batch))}
          {batch.paymentMethod && <> · {paymentWords(batch.paymentMethod)}</>}
        </dd>
        {staffName && (
          <>
            <dt>{t('history:detail.sold')}</dt>
            <dd>
              {t('history:detail.soldBy', {
                when: f.dateTime(batch.completedAt ?? batch.createdAt),
                name: staffName(batch.staffId),
              })}
            </dd>
          </>
        )}
      </dl>
      {batch.status === 'failed' && (
        <div className="notice error" role="alert">
          <p>{t('batch.refused')}</p>
          {batch.refusal && (
            <p className="small">
              <q>{batch.refusal}</q>
            </p>
          )}
        </div>
      )}
      {batch.status === 'uncertain' && <p className="notice warn">{t('batch.uncertain')}</p>}
      {batch.status === 'completed' && (
        <>
          <h3>{t('batch.codes')}</h3>
          <ol className="voucher-codes" data-testid="voucher-codes">
            {batch.codes.map((code) => (
              <li key={code}>
                <code dir="ltr">{code}</code>
              </li>
            ))}
          </ol>
          <label className="field">
            <span className="label">{t('batch.language')}</span>
            <select className="text-input" value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>
              {CUSTOMER_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {endonym(code)}
                </option>
              ))}
            </select>
          </label>
          <div className="actions">
            <button type="button" className="button primary" onClick={() => void printCards('80mm')}>
              {t('batch.print')}
            </button>
            <button type="button" className="button secondary" onClick={() => void printCards('a4')}>
              {t('batch.printA4')}
            </button>
          </div>
          <div role="status" aria-live="polite">
            {printed && <p className="notice good">{t('batch.printed')}</p>}
          </div>
          {error && <AppErrorNotice error={error} />}
          <GiftCards batch={batch} language={language} paper={paper} storeName={storeName} environment={environment} />
        </>
      )}
    </section>
  );
}
