/** The tables a report is read in: its breakdowns, its problem sales, a figure with its label; shared by Reports and the Z report. */
import { useTranslation } from 'react-i18next';
import type { Breakdown, Problem, Report } from '../../../../shared/reports.ts';
import { UNSETTLED_STATUSES } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { breakdownLabel, REPORT_BREAKDOWNS, type BreakdownDimension } from '../common/format.ts';
import { rowRatio } from './report-figures.ts';

export function BreakdownTable({
  title,
  rows,
  dimension,
  keyLabel,
  countLabel,
  onOpen,
  ratio = true,
}: {
  title: string;
  rows: readonly Breakdown[];
  dimension: BreakdownDimension;
  keyLabel: string;
  countLabel?: string;
  /** The margin % column; a receipt's narrow roll leaves it out. */
  ratio?: boolean;
  /** Given, a row's name opens its sales (the Reports screen; a Z report's rows stay words). */
  onOpen?: (row: Breakdown, label: string) => void;
}) {
  const { t } = useTranslation(['manager', 'reports']);
  const f = useFormats();
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('breakdown.nothingSold')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="num">
                {countLabel ?? t('breakdown.sales')}
              </th>
              <th scope="col" className="num">
                {t('breakdown.revenue')}
              </th>
              <th scope="col" className="num">
                {t('breakdown.margin')}
              </th>
              {ratio && (
                <th scope="col" className="num">
                  {t('reports:compare.row.marginRatio')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {/* A name or title as recorded reads in its own direction inside a mirrored table. */}
                  {onOpen ? (
                    <button
                      type="button"
                      className="breakdown-open"
                      aria-haspopup="dialog"
                      onClick={() => onOpen(row, breakdownLabel(dimension, row))}
                    >
                      <bdi>{breakdownLabel(dimension, row)}</bdi>
                    </button>
                  ) : (
                    <bdi>{breakdownLabel(dimension, row)}</bdi>
                  )}
                </th>
                <td className="num">{f.number(row.count)}</td>
                <td className="num">{f.amounts(row.revenue)}</td>
                <td className="num" title={costUnknownText(row.costUnknown) ?? undefined}>
                  {f.amounts(row.margin)}
                  {row.costUnknown ? ' *' : ''}
                </td>
                {ratio && <RatioCell row={row} />}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A row's margin %, with the margin's asterisk where some of its costs are unknown. */
function RatioCell({ row }: { row: Breakdown }) {
  const f = useFormats();
  const value = rowRatio(row);
  return (
    <td className="num" title={costUnknownText(row.costUnknown) ?? undefined}>
      {/* One decimal always, so a column of percentages lines up ("26.0%" under "28.8%"). */}
      {value === null ? '—' : f.number(value, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })}
      {row.costUnknown && value !== null ? ' *' : ''}
    </td>
  );
}

/**
 * A report's breakdown tables in REPORT_BREAKDOWNS's order, for the Reports screen and its A4 print
 * alike. Top-ups count beside sales, but carry no country: the count column says which is which.
 */
export function ReportBreakdowns({
  report,
  ratio,
  onOpen,
}: {
  report: Report;
  ratio?: boolean;
  /** Given, a row's name opens its sales; `what` is the dimension's column head. */
  onOpen?: (dimension: BreakdownDimension, what: string, row: Breakdown, label: string) => void;
}) {
  const { t } = useTranslation(['reports', 'manager']);
  const withTopups = report.totals.topups > 0 ? t('manager:breakdown.salesAndTopups') : undefined;
  return REPORT_BREAKDOWNS.map(({ dimension, rows, withTopups: counted }) => {
    const what = t(`column.${dimension}`);
    return (
      <BreakdownTable
        key={dimension}
        ratio={ratio}
        title={t(`by.${dimension}`)}
        dimension={dimension}
        keyLabel={what}
        countLabel={counted ? withTopups : undefined}
        onOpen={onOpen && ((row, label) => onOpen(dimension, what, row, label))}
        rows={rows(report)}
      />
    );
  });
}

const UNSETTLED: ReadonlySet<string> = new Set(UNSETTLED_STATUSES);

/** Uncertain and unfinished sales first, then failed ones: what the manager looks at first. */
export function ProblemList({ report }: { report: Report }) {
  const { t } = useTranslation('manager');
  const f = useFormats();
  const counts = Object.entries(report.problemCounts).filter(([, n]) => (n ?? 0) > 0) as [Problem['status'], number][];
  if (counts.length === 0) return null;
  // Only an outcome still unknown needs the manager; a sale the service never got is settled (nothing charged).
  const unsettled = counts.some(([status]) => UNSETTLED.has(status));
  const notFound = (report.problemCounts.not_found ?? 0) > 0;
  const shown = report.problems.length;
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const said = counts.map(([status, n]) => t(`problems.count.${status}`, { count: n })).join(' · ');
  // A range spans days: its times need their dates.
  const when = report.fromDate !== report.toDate ? f.dateTime : f.time;
  return (
    <section className={unsettled ? 'panel problems warn' : 'panel problems'} aria-label={t('problems.heading')}>
      <h2>{t('problems.heading')}</h2>
      <p>{unsettled ? t('problems.unsettled', { counts: said }) : said}</p>
      {notFound && <p className="muted">{t('problems.notFound')}</p>}
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('problems.time')}</th>
            <th scope="col">{t('problems.kind')}</th>
            <th scope="col">{t('problems.reference')}</th>
            <th scope="col">{t('problems.status')}</th>
            <th scope="col">{t('problems.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {report.problems.map((p) => (
            <tr key={`${p.kind}-${p.id}`} className={`status-${p.status}`}>
              <td>{when(p.createdAt)}</td>
              <td>{t(`kind.${p.kind}`)}</td>
              <td className="mono">{p.reference}</td>
              <td>
                <span className={`chip chip-${p.status}`}>{t(`status.${p.status}`)}</span>
              </td>
              {/* The eSIM service's own words, shown as they came. */}
              <td>{p.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown < total && <p className="muted">{t('problems.firstOf', { shown: f.number(shown), total: f.number(total) })}</p>}
    </section>
  );
}

/** Said beside cost and margin when some sales' cost is not known, so no one reads them as complete. */
export function costUnknownText(count: number | undefined): string | null {
  if (!count) return null;
  return i18n.t('manager:costUnknown', { count });
}

export function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="stat" data-testid={testId}>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
    </div>
  );
}
