import { useTranslation } from 'react-i18next';
import type { Money } from '../../../shared/money.ts';
import type { Report } from '../../../shared/reports.ts';
import { useFormats, type Formats } from '../i18n/format.ts';
import { change, figure, mainCurrency, type Figure } from './report-figures.ts';

const FIGURES: readonly Figure[] = ['count', 'revenue', 'margin', 'marginRatio'];

function periodWords(report: Report, f: Formats): string {
  return report.fromDate === report.toDate
    ? f.day(report.fromDate)
    : `${f.dayAndMonth(report.fromDate)} – ${f.dayAndMonth(report.toDate)}`;
}

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
  previous: Report | null;
  lastWeek: Report | null;
}) {
  const { t } = useTranslation(['reports', 'manager']);
  const f = useFormats();
  const currency = mainCurrency(report.totals) ?? mainCurrency(previous?.totals ?? report.totals);
  if (!currency || (!previous && !lastWeek)) return null;
  const others = [previous, lastWeek].filter((r): r is Report => r !== null);
  const value = (v: number | Money | null, which: Figure) =>
    v === null ? '—' : typeof v === 'number' ? (which === 'marginRatio' ? f.percent(v) : f.number(v)) : f.money(v);
  const changeWords = (c: number | null, which: Figure) => {
    if (c === null) return '';
    const sign = c > 0 ? '+' : c < 0 ? '−' : '±';
    return which === 'marginRatio'
      ? t('compare.points', { value: `${sign}${f.number(Math.abs(c) * 100, { maximumFractionDigits: 1 })}` })
      : `${sign}${f.percent(Math.abs(c))}`;
  };
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
                        <span className={c > 0 ? 'change up' : c < 0 ? 'change down' : 'change'}> {changeWords(c, which)}</span>
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
