import { useTranslation } from 'react-i18next';
import type { VoucherBatchView } from '../../../../shared/vouchers.ts';
import { useFormats } from '../../i18n/format.ts';
import { packageWords } from '../esim/package-words.ts';
import { batchPlace } from './voucher-words.ts';

type Props = {
  batches: readonly VoucherBatchView[] | null;
  query: string;
  onQuery(text: string): void;
  openId: string | null;
  onOpen(batch: VoucherBatchView): void;
};

/** The batches made at this counter, newest first, found by a code, a booking reference or a package. */
export function VoucherList({ batches, query, onQuery, openId, onOpen }: Props) {
  const { t } = useTranslation(['vouchers', 'common']);
  const f = useFormats();
  return (
    <section className="panel voucher-list" aria-labelledby="voucher-list-heading">
      <h2 id="voucher-list-heading">{t('list.heading')}</h2>
      <label className="field">
        <span className="label">{t('list.search')}</span>
        <input
          className="text-input"
          type="search"
          value={query}
          placeholder={t('list.searchPlaceholder')}
          onChange={(e) => onQuery(e.target.value)}
        />
      </label>
      {batches && batches.length === 0 && <p className="muted">{query.trim() ? t('list.none') : t('list.empty')}</p>}
      {batches && batches.length > 0 && (
        <ul className="voucher-batches">
          {batches.map((batch) => (
            <li key={batch.id} className={batch.id === openId ? 'open' : undefined}>
              <div className="voucher-batch-line">
                <strong>{packageWords(batch.packageData, batch.packageDays, f)}</strong> · <bdi>{batchPlace(batch, f)}</bdi>
              </div>
              <div className="muted small">
                {f.dateTime(batch.createdAt)} · {t('list.codes', { count: batch.quantity })}
                {batch.paymentMethod && ` · ${t('list.paid', { method: t(`common:payment.${batch.paymentMethod}`) })}`}
                {batch.bookingReference && (
                  <>
                    {' · '}
                    <bdi>{t('list.booking', { reference: batch.bookingReference })}</bdi>
                  </>
                )}
              </div>
              <div className="voucher-batch-foot">
                <span className="voucher-status">{t(`list.status.${batch.status}`)}</span>
                <span className="muted small">
                  {batch.printedAt
                    ? t('list.printed', { when: f.dateTime(batch.printedAt) })
                    : batch.status === 'completed'
                      ? t('list.notPrinted')
                      : ''}
                </span>
                <button
                  type="button"
                  className="button small secondary"
                  aria-expanded={batch.id === openId}
                  aria-label={`${t('list.open')}: ${packageWords(batch.packageData, batch.packageDays, f)}, ${f.dateTime(batch.createdAt)}`}
                  onClick={() => onOpen(batch)}
                >
                  {t('list.open')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
