/** Small pieces the back-office screens share. */
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/errors.ts';
import type { Breakdown, Problem, Report } from '../../../shared/reports.ts';
import { describeError } from '../errors.ts';
import { clock, dateTime } from '../../../shared/clock.ts';
import { formatAmounts } from './format.ts';

/** A refusal as an alert: an AppError in the reader's language, or words a screen made already. */
export function ErrorNotice({ error }: { error: AppError | string | null }) {
  // Re-renders when the language changes: an AppError's words come from the errors namespace.
  useTranslation('errors');
  if (!error) return null;
  return (
    <div className="notice error" role="alert">
      {typeof error === 'string' ? error : describeError(error)}
    </div>
  );
}

/** What a save or change came to: said in words, kept until the manager edits again. */
export type Outcome = { readonly ok: boolean; readonly text: string } | null;

/** A form's outcome: a quiet "Saved." beside its button, or the refusal as an alert. */
export function OutcomeNotice({ outcome, block = false }: { outcome: Outcome; block?: boolean }) {
  if (!outcome) return null;
  if (!outcome.ok) return <ErrorNotice error={outcome.text} />;
  const Tag = block ? 'p' : 'span';
  return (
    <Tag className="saved" role="status">
      {outcome.text}
    </Tag>
  );
}

export function BreakdownTable({
  title,
  rows,
  keyLabel,
  countLabel = 'Sales',
}: {
  title: string;
  rows: readonly Breakdown[];
  keyLabel: string;
  countLabel?: string;
}) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">Nothing sold.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="num">
                {countLabel}
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
              <th scope="col" className="num">
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td className="num">{row.count}</td>
                <td className="num">{formatAmounts(row.revenue)}</td>
                <td className="num" title={costUnknownText(row.costUnknown) ?? undefined}>
                  {formatAmounts(row.margin)}
                  {row.costUnknown ? ' *' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const STATUS_WORDS: Record<Problem['status'], string> = {
  pending: 'Not sent yet',
  submitting: 'Being sent',
  uncertain: 'Outcome unknown',
  not_found: 'Not at the service',
  failed: 'Failed',
  completed: 'Completed',
};

/** Uncertain and unfinished sales first, then failed ones: what the manager looks at first. */
export function ProblemList({ report }: { report: Report }) {
  const counts = Object.entries(report.problemCounts).filter(([, n]) => (n ?? 0) > 0) as [Problem['status'], number][];
  if (counts.length === 0) return null;
  const unsettled = counts.some(([status]) => status !== 'failed');
  const shown = report.problems.length;
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  return (
    <section className={unsettled ? 'panel problems warn' : 'panel problems'} aria-label="Needs attention">
      <h2>Needs attention</h2>
      <p>
        {counts.map(([status, n]) => `${n} ${STATUS_WORDS[status].toLowerCase()}`).join(' · ')}
        {unsettled && ' — the day cannot be closed until the outcome of every sale is known.'}
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Kind</th>
            <th scope="col">Reference</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {report.problems.map((p) => (
            <tr key={`${p.kind}-${p.id}`} className={`status-${p.status}`}>
              <td>{(report.fromDate !== report.toDate ? dateTime : clock)(p.createdAt, report.timeZone)}</td>
              <td>{p.kind === 'sale' ? 'Sale' : 'Top-up'}</td>
              <td className="mono">{p.reference}</td>
              <td>
                <span className={`chip chip-${p.status}`}>{STATUS_WORDS[p.status]}</span>
              </td>
              <td>{p.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown < total && (
        <p className="muted">
          The first {shown} of {total} are listed.
        </p>
      )}
    </section>
  );
}

/** Said beside cost and margin when some sales' cost is not known, so no one reads them as complete. */
export function costUnknownText(count: number | undefined): string | null {
  if (!count) return null;
  const what = count === 1 ? '1 sale or top-up' : `${count} sales and top-ups`;
  return `Cost unknown for ${what}: left out of the wholesale cost and the margin.`;
}

export function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="stat" data-testid={testId}>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
    </div>
  );
}
