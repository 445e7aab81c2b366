import { formatMoney } from '../../../shared/money.ts';
import type { DayClose, ExpectedTakings } from '../../../shared/reports.ts';
import { METHOD_WORDS } from './CloseCount.tsx';
import { clock } from '../../../shared/clock.ts';
import { formatAmounts, formatDifference } from './format.ts';

export function ExpectedTable({ expected, label = 'Expected takings' }: { expected: ExpectedTakings; label?: string }) {
  if (expected.length === 0) return <p className="muted">No takings.</p>;
  return (
    <table className="table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Payment</th>
          <th scope="col" className="num">
            Expected
          </th>
        </tr>
      </thead>
      <tbody>
        {expected.map((e) => (
          <tr key={`${e.method}-${e.currency}`}>
            <th scope="row">{METHOD_WORDS[e.method] ?? e.method}</th>
            <td className="num">{formatMoney(e)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Day close" for the first, "Supplementary close 2" and on for the later ones. */
export function closeName(close: Pick<DayClose, 'sequence'>): string {
  return close.sequence === 1 ? 'Day close' : `Supplementary close ${close.sequence}`;
}

/** One close as it was recorded: what it covered, the cash counted against it, the note, its Z report. */
export function CloseRecord({ close, onPrint }: { close: DayClose; onPrint: () => void }) {
  const differences = close.cashDifference.filter((m) => m.minor !== 0);
  const { sales, topups } = close.report.totals;
  const covers = [
    `${sales} ${sales === 1 ? 'sale' : 'sales'}`,
    ...(topups > 0 ? [`${topups} top-up${topups === 1 ? '' : 's'}`] : []),
  ];
  return (
    <section className="panel close-record" aria-label={`${closeName(close)} at ${clock(close.closedAt, close.timeZone)}`}>
      <h2>
        {closeName(close)} · {clock(close.closedAt, close.timeZone)} by {close.closedByName}
      </h2>
      <p className="muted">
        {close.follows
          ? `Covers ${covers.join(' and ')} completed after ${clock(close.follows, close.timeZone)}.`
          : `Covers ${covers.join(' and ')}.`}
      </p>
      <div className="close-grid">
        <ExpectedTable expected={close.expected} label={`Takings of ${closeName(close).toLowerCase()}`} />
        <div>
          <dl className="facts">
            <dt>Counted</dt>
            <dd>{formatAmounts(close.countedCash, 'nothing')}</dd>
            <dt>Difference</dt>
            <dd data-testid={`cash-difference-${close.sequence}`}>
              {differences.length === 0 ? 'none' : differences.map((m) => formatDifference(m)).join(' · ')}
            </dd>
            {close.note && (
              <>
                <dt>Note</dt>
                <dd className="close-note">{close.note}</dd>
              </>
            )}
          </dl>
          <div className="actions">
            <button type="button" className="button secondary" onClick={onPrint}>
              Print Z report
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
