import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import { REPORT_SALES_LIMIT, type ReportSale, type ReportSaleDimension } from '../../../../shared/report-sales.ts';
import { api } from '../../api.ts';
import { useFormats } from '../../i18n/format.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { isolate } from '../../ui/isolate.ts';
import { kindPackageWords } from '../common/format.ts';
import { ErrorNotice, Loading } from '../common/notices.tsx';
import { useApiQuery } from '../common/query.tsx';
import './report-sales.css';

/** A breakdown's row the manager opened: what it is, and its words as the table shows them. */
export type SalesTarget = {
  readonly dimension: ReportSaleDimension;
  readonly key: string;
  /** The breakdown's column ("Clerk") and the row's words ("Ana"), for the dialog's heading. */
  readonly what: string;
  readonly row: string;
};

/** Opens the sale (or top-up) in History, its detail shown there. */
async function openInHistory(sale: ReportSale): Promise<AppError | null> {
  if (sale.kind === 'sale') {
    const result = await api().call('sales.get', { id: sale.id });
    if (!result.ok) return result.error;
    useStore.getState().openHistorySale(result.value);
  } else if (sale.kind === 'topup') {
    const result = await api().call('topups.get', { id: sale.id });
    if (!result.ok) return result.error;
    useStore.getState().openHistoryTopup(result.value);
  } else {
    // A batch is found by its id as History finds it.
    const result = await api().call('history.search', { query: sale.id });
    if (!result.ok) return result.error;
    const found = result.value.find((e) => e.kind === 'voucher' && e.voucher.id === sale.id);
    useStore.getState().openHistoryVoucher(found?.kind === 'voucher' ? found.voucher : null);
  }
  openScreen('history');
  return null;
}

/**
 * The sales behind one row of a report, in a modal dialog: Escape or Close shuts it and the focus
 * goes back to the row that opened it (the caller's). A reference opens that sale in History.
 */
export function ReportSalesDialog({
  from,
  to,
  target,
  onClose,
}: {
  from: string;
  to: string;
  target: SalesTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation(['reports', 'manager']);
  const f = useFormats();
  const dialog = useRef<HTMLDialogElement>(null);
  const sales = useApiQuery('reports.sales', { from, to, dimension: target.dimension, key: target.key });
  const list = sales.data ?? null;
  // A refusal to open a sale in History is said where the list's own would be.
  const [openError, setOpenError] = useState<AppError | null>(null);
  const error = sales.error ?? openError;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const open = async (sale: ReportSale) => {
    const refused = await openInHistory(sale);
    if (refused) setOpenError(refused);
  };

  return (
    <dialog ref={dialog} className="report-sales" aria-labelledby="report-sales-heading" onClose={onClose}>
      <div className="report-sales-head">
        <h2 id="report-sales-heading">
          {/* Isolated: a clerk's or package's own words keep their direction in the sentence. */}
          {t('sales.heading', { what: target.what, row: isolate(target.row) })}
        </h2>
        <button type="button" className="button secondary" autoFocus onClick={() => dialog.current?.close()}>
          {t('sales.close')}
        </button>
      </div>
      <ErrorNotice error={error} />
      {!list && !error && <Loading />}
      {list && list.rows.length === 0 && <p className="muted">{t('sales.none')}</p>}
      {list && list.more && (
        <p className="muted" role="status" data-testid="report-sales-more">
          {t('sales.more', { limit: f.number(REPORT_SALES_LIMIT) })}
        </p>
      )}
      {list && list.rows.length > 0 && (
        <div className="report-sales-scroll">
          <table className="table" data-testid="report-sales">
            <thead>
              <tr>
                <th scope="col">{t('sales.column.reference')}</th>
                <th scope="col">{t('sales.column.time')}</th>
                <th scope="col">{t('sales.column.clerk')}</th>
                <th scope="col">{t('sales.column.package')}</th>
                <th scope="col" className="num">
                  {t('sales.column.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('sales.column.amount')}
                </th>
                <th scope="col">{t('sales.column.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((sale) => (
                <tr key={`${sale.kind}:${sale.id}`}>
                  <th scope="row">
                    <button
                      type="button"
                      className="link-button"
                      aria-label={t('sales.open', { reference: sale.reference })}
                      onClick={() => void open(sale)}
                    >
                      <bdi>{sale.reference}</bdi>
                    </button>
                  </th>
                  <td>{f.dateTime(sale.createdAt)}</td>
                  <td>
                    <bdi>{sale.staffName}</bdi>
                  </td>
                  <td>
                    <bdi>{kindPackageWords(sale.kind, sale.packageTitle)}</bdi>
                  </td>
                  <td className="num">{f.number(sale.quantity)}</td>
                  <td className="num">{f.money(sale.total)}</td>
                  <td>{t(`manager:status.${sale.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </dialog>
  );
}
