import { useEffect, useMemo, useState } from 'react';
import { BarChart } from './BarChart.tsx';
import { addDays, dayAndMonth, longDate } from '../../../shared/clock.ts';
import { formatAmounts } from './format.ts';
import { BreakdownTable, costUnknownText, ErrorNotice, ProblemList, Stat } from './parts.tsx';
import { useManager } from './store.ts';
import './manager.css';

const METHOD_WORDS: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

/** A day or a range of days: sales, revenue, cost and margin, by clerk, package, country; charts. */
export default function ReportsScreen() {
  const today = useManager((s) => s.today);
  const range = useManager((s) => s.range);
  const report = useManager((s) => s.report);
  const month = useManager((s) => s.month);
  const error = useManager((s) => s.reportError);
  const loading = useManager((s) => s.reportLoading);
  const load = useManager((s) => s.loadReport);

  useEffect(() => {
    void load();
  }, [load]);

  const show = (first: string, last: string) => void load(first, last);
  const presets = today
    ? [
        { label: 'Today', from: today, to: today },
        { label: 'Yesterday', from: addDays(today, -1), to: addDays(today, -1) },
        { label: 'Last 7 days', from: addDays(today, -6), to: today },
        { label: 'Last 30 days', from: addDays(today, -29), to: today },
      ]
    : [];

  const hours = useMemo(() => {
    const counts = Array.from({ length: 24 }, (_, h) => report?.perHour.find((p) => p.hour === h)?.count ?? 0);
    return { labels: counts.map((_, h) => String(h).padStart(2, '0')), values: counts };
  }, [report]);
  const days = useMemo(() => {
    const list = month?.perDay ?? [];
    return {
      labels: list.map((d) => dayAndMonth(d.date)),
      values: list.map((d) => d.count),
    };
  }, [month]);

  const period = report
    ? report.fromDate === report.toDate
      ? longDate(report.fromDate)
      : `${longDate(report.fromDate)} – ${longDate(report.toDate)}`
    : '';

  const countLabel = report && report.totals.topups > 0 ? 'Sales + top-ups' : 'Sales';
  return (
    <div className="manager">
      <header className="manager-head">
        <h1>Reports</h1>
        <RangeForm
          key={range ? `${range.from}/${range.to}` : 'none'}
          initial={range}
          today={today}
          presets={presets}
          onShow={show}
        />
      </header>
      <ErrorNotice error={error} />
      {!report && !error && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {report && (
        <div className={loading ? 'report stale' : 'report'} aria-busy={loading}>
          <p className="muted period">
            {period} · times in {report.timeZone}
          </p>
          <ProblemList report={report} />
          <section className="stats" aria-label="Totals">
            <Stat label="Sales" value={report.totals.sales} testId="total-sales" />
            <Stat label="eSIMs" value={report.totals.esims} />
            <Stat label="Top-ups" value={report.totals.topups} testId="total-topups" />
            <Stat label="Revenue" value={formatAmounts(report.totals.revenue, '0')} testId="total-revenue" />
            <Stat label="Wholesale cost" value={formatAmounts(report.totals.cost, '0')} />
            <Stat label="Margin" value={formatAmounts(report.totals.margin, '0')} testId="total-margin" />
          </section>
          {costUnknownText(report.totals.costUnknown) && (
            <p className="muted" data-testid="cost-unknown">
              * {costUnknownText(report.totals.costUnknown)}
            </p>
          )}
          <div className="charts">
            <BarChart
              title="Sales per hour"
              labels={hours.labels}
              values={hours.values}
              unit="sales and top-ups"
              labelEvery={2}
              spell={(hour) => `${hour}:00`}
            />
            <BarChart
              title="Sales per day, last 30 days"
              labels={days.labels}
              values={days.values}
              unit="sales and top-ups"
              labelEvery={5}
            />
          </div>
          <div className="breakdowns">
            {/* Top-ups count beside sales here, but carry no country: the labels say which is which. */}
            <BreakdownTable title="By clerk" keyLabel="Clerk" countLabel={countLabel} rows={report.byClerk} />
            <BreakdownTable
              title="By payment method"
              keyLabel="Payment"
              countLabel={countLabel}
              rows={report.byPaymentMethod.map((r) => ({ ...r, label: METHOD_WORDS[r.key] ?? r.label }))}
            />
            <BreakdownTable title="By package" keyLabel="Package" countLabel={countLabel} rows={report.byPackage} />
            <BreakdownTable title="By country (sales)" keyLabel="Country" rows={report.byCountry} />
          </div>
        </div>
      )}
    </div>
  );
}

type Preset = { label: string; from: string; to: string };

function RangeForm({
  initial,
  today,
  presets,
  onShow,
}: {
  initial: { from: string; to: string } | null;
  today: string | null;
  presets: readonly Preset[];
  onShow: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  return (
    <form
      className="range-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (from && to) onShow(from <= to ? from : to, from <= to ? to : from);
      }}
    >
      <label>
        From
        <input type="date" value={from} max={today ?? undefined} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label>
        To
        <input type="date" value={to} max={today ?? undefined} onChange={(e) => setTo(e.target.value)} required />
      </label>
      <button type="submit" className="button">
        Show
      </button>
      {presets.map((p) => {
        const on = initial?.from === p.from && initial.to === p.to;
        return (
          <button
            key={p.label}
            type="button"
            className={on ? 'button secondary pressed' : 'button secondary'}
            aria-pressed={on}
            onClick={() => onShow(p.from, p.to)}
          >
            {p.label}
          </button>
        );
      })}
    </form>
  );
}
