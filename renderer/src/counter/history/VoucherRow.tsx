import { useTranslation } from 'react-i18next';
import { voucherReference, type VoucherBatchView } from '../../../../shared/vouchers.ts';
import { useFormats } from '../../i18n/format.ts';
import { useStore } from '../../state/store.ts';
import { paymentWords } from '../sell/checkout.ts';
import { batchTotal, voucherStatusLabel } from './history-words.ts';

/** A batch of voucher codes in History's list: sold at the counter like eSIMs, so a line like a sale's. */
export function VoucherRow({ batch, staffName, selected }: { batch: VoucherBatchView; staffName: string; selected: boolean }) {
  const { t } = useTranslation('history');
  const f = useFormats();
  const open = () => useStore.getState().openHistoryVoucher(batch);
  const reference = voucherReference(batch);
  return (
    <tr className={selected ? 'selected' : undefined} onClick={open} data-testid="history-voucher-row">
      <td>
        <button type="button" className="row-button" onClick={open} aria-label={t('openVoucher', { reference })}>
          {f.timeOrDate(batch.createdAt)}
        </button>
      </td>
      <td>
        <span className="chip kind-chip">{t('kind.voucher')}</span>
        <bdi>{batch.packageTitle}</bdi>
        <div className="muted small">
          {reference} · {staffName}
        </div>
      </td>
      <td>{t('codes', { count: batch.quantity })}</td>
      <td>
        {f.money(batchTotal(batch))}
        {batch.paymentMethod && <div className="muted small">{paymentWords(batch.paymentMethod)}</div>}
      </td>
      <td>
        <span className={`status status-${batch.status}`}>{voucherStatusLabel(batch.status)}</span>
      </td>
    </tr>
  );
}
