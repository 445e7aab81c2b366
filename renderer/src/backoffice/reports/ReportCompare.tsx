import { useTranslation } from 'react-i18next';
import type { Report, ReportTotals } from '../../../../shared/reports.ts';
import { useFormats } from '../../i18n/format.ts';
import { changeWords, figureWords, FIGURES, periodWords } from './report-compare-words.ts';
import { change, figure, mainCurrency, type Figure } from './report-figures.ts';

/**
 * The chosen period against the one just before it and, for a day or a few, the same days a week
 * earlier: sales, revenue, margin and margin %, each with its change.
 */
export function ReportCompare({
  report,
  previous,
  lastWeek,
}: {
  report: Report;
  previous: ReportTotals | null;
  lastWeek: ReportTotals | null;
}) {
  const { t } = useTranslation(['reports', 'manager']);
  const f = useFormats();
  const currency = mainCurrency(report.totals) ?? mainCurrency(previous?.totals ?? report.totals);
  if (!currency || (!previous && !lastWeek)) return null;
  const others = [previous, lastWeek].filter((r): r is ReportTotals => r !== null);
  const value = (v: ReturnType<typeof figure>, which: Figure) => figureWords(v, which, f);
  return (
    <section className="panel compare" aria-label={t('compare.heading')}>
      <h2>{t('compare.heading')}</h2>
      <table className="table" data-testid="compare">
        <thead>
          <tr>
            <th scope="col">{t('compare.figure')}</th>
            <th scope="col" className="num">
              {periodWords(report, f)}
            </th>
            {previous && (
              <th scope="col" className="num">
                {t('compare.previous', { period: periodWords(previous, f) })}
              </th>
            )}
            {lastWeek && (
              <th scope="col" className="num">
                {t('compare.lastWeek', { period: periodWords(lastWeek, f) })}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {FIGURES.map((which) => {
            const now = figure(report.totals, which, currency);
            return (
              <tr key={which}>
                <th scope="row">{t(`compare.row.${which}`)}</th>
                <td className="num">{value(now, which)}</td>
                {others.map((other) => {
                  const then = figure(other.totals, which, currency);
                  const c = change(now, then, which);
                  return (
                    <td key={`${other.fromDate}-${which}`} className="num">
                      {value(then, which)}
                      {c !== null && (
                        <span className={c > 0 ? 'change up' : c < 0 ? 'change down' : 'change'}>
                          {' '}
                          {changeWords(c, which, f)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
