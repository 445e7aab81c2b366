import { useTranslation } from 'react-i18next';
import type { Reconciliation } from '../../../../shared/reports.ts';
import { useFormats } from '../../i18n/format.ts';
import { closeTime, reconciliationSummary } from '../common/format.ts';

/** The service's order list for the day set against the journal, with what is on one side only. */
export function ReconciliationPanel({ reconciliation: r, timeZone }: { reconciliation: Reconciliation; timeZone: string }) {
  const { t } = useTranslation(['close', 'manager']);
  const f = useFormats();
  const mismatch = r.checked && (r.missingHere.length > 0 || r.missingThere.length > 0);
  return (
    <section className={mismatch || !r.checked ? 'panel warn' : 'panel'} aria-label={t('reconciliation.region')}>
      <h2>{t('reconciliation.heading')}</h2>
      <p>{reconciliationSummary(r)}</p>
      {r.checked && r.missingHere.length > 0 && (
        <>
          <h3>{t('reconciliation.missingHere')}</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('column.time')}</th>
                <th scope="col">{t('column.order')}</th>
                <th scope="col">{t('column.description')}</th>
                <th scope="col" className="num">
                  {t('column.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.missingHere.map((o) => (
                <tr key={o.code}>
                  <td>{closeTime(o.createdAt, { timeZone })}</td>
                  <td className="mono">{o.code}</td>
                  {/* The service's own description, as it wrote it. */}
                  <td>{o.description ?? ''}</td>
                  <td className="num">{f.money(o.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {r.checked && r.missingThere.length > 0 && (
        <>
          <h3>{t('reconciliation.missingThere')}</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('column.kind')}</th>
                <th scope="col">{t('column.reference')}</th>
                <th scope="col">{t('column.order')}</th>
              </tr>
            </thead>
            <tbody>
              {r.missingThere.map((o) => (
                <tr key={`${o.kind}-${o.id}`}>
                  <td>{t(`manager:kind.${o.kind}`)}</td>
                  <td className="mono">{o.reference}</td>
                  <td className="mono">{o.code ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
