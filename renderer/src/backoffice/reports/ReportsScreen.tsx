import { costWords, taxWords, voucherWords, zeroWords } from '../prices/prices-words.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { minorDigits } from '../../../../shared/money.ts';
import { useTranslation } from 'react-i18next';
import { BarChart } from './BarChart.tsx';
import { addDays } from '../../../../shared/clock.ts';
import { reportReads, soldEsims } from '../../../../shared/reports.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api.ts';
import { apiKey, callApi } from '../common/query.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { isolate } from '../../ui/isolate.ts';
import { useFormats, type Formats } from '../../i18n/format.ts';
import { ErrorNotice, Loading } from '../common/notices.tsx';
import { costUnknownText, ReportBreakdowns, ProblemList, Stat } from './report-tables.tsx';
import { useManager } from '../common/store.ts';
import { ExampleSales } from './ExampleSales.tsx';
import { UnclosedNotice } from '../close/UnclosedDays.tsx';
import { ReportCompare } from './ReportCompare.tsx';
import { countOf, mainCurrency, marginRatio } from './report-figures.ts';
import { reportCsv, reportCsvName } from './report-export.ts';
import { reportXlsx } from './report-xlsx.ts';
import { ReportPrintButtons } from './ReportPrint.tsx';
import { downloadText, type BreakdownDimension } from '../common/format.ts';
import { ReportSalesDialog, type SalesTarget } from './ReportSales.tsx';
import type { Breakdown } from '../../../../shared/reports.ts';
import '../common/manager.css';

// An hour of the day, not an instant: written at that hour of a UTC day, in the formats' locale
// (the reader's language on the store's 12- or 24-hour clock).
const atHour = (hour: number, f: Formats, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(f.dateLocale, { ...options, timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));

/** "14:00" or "2:00 PM": the busiest hour in the chart's sentence. */
const hourWords = (hour: number, f: Formats, twelve: boolean) =>
  atHour(hour, f, { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit' });

/** An hour's axis label: "09" on a 24-hour clock, "9 AM" on a 12-hour one. */
const hourLabel = (hour: number, f: Formats, twelve: boolean) =>
  twelve ? atHour(hour, f, { hour: 'numeric' }) : f.number(hour, { minimumIntegerDigits: 2 });

/**
 * A range's report with the two periods it is compared with, read together so they show together.
 * A comparison that could not be read is left out; the report itself still shows.
 */
function useReport(range: { from: string; to: string } | null) {
  const reads = range && reportReads(range.from, range.to);
  return useQuery({
    queryKey: apiKey('reports.range', reads?.report),
    enabled: reads !== null,
    // The last range's report stays in view, marked stale, until the new one arrives.
    placeholderData: keepPreviousData,
    async queryFn() {
      if (!reads) throw new Error('No range to read.');
      const [report, previous, lastWeek] = await Promise.all([
        callApi('reports.range', reads.report),
        api().call('reports.totals', reads.previous),
        reads.lastWeek ? api().call('reports.totals', reads.lastWeek) : null,
      ]);
      return { report, previous: previous.ok ? previous.value : null, lastWeek: lastWeek?.ok ? lastWeek.value : null };
    },
  });
}

/** A day or a range of days: sales, revenue, cost and margin, by clerk, package, country; charts. */
export default function ReportsScreen() {
  const { t } = useTranslation(['reports', 'manager']);
  const f = useFormats();
  const today = useManager((s) => s.today);
  const settingsError = useManager((s) => s.settingsError);
  // The range last shown, kept for the session; today's until then.
  const range = useManager((s) => s.range) ?? (today ? { from: today, to: today } : null);
  const read = useReport(range);
  const report = read.data?.report ?? null;
  const previous = read.data?.previous ?? null;
  const lastWeek = read.data?.lastWeek ?? null;
  const error = range ? read.error : settingsError;
  const loading = read.isFetching;
  const zero = zeroWords(f);

  useEffect(() => {
    if (!useManager.getState().today) void useManager.getState().loadSettings();
  }, []);

  // The breakdown row whose sales are shown, and the button that opened it, which has the focus back after.
  const [drill, setDrill] = useState<SalesTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const drillInto = (dimension: BreakdownDimension, what: string, row: Breakdown, label: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDrill({ dimension, key: row.key, what, row: label });
  };
  const closeDrill = () => {
    setDrill(null);
    opener.current?.focus();
  };

  const show = (first: string, last: string) => {
    if (range?.from === first && range.to === last) void read.refetch();
    else useManager.setState({ range: { from: first, to: last } });
  };
  const presets = today
    ? [
        { id: 'today', label: t('preset.today'), from: today, to: today },
        { id: 'yesterday', label: t('preset.yesterday'), from: addDays(today, -1), to: addDays(today, -1) },
        { id: 'last7', label: t('preset.last7'), from: addDays(today, -6), to: today },
        { id: 'last30', label: t('preset.last30'), from: addDays(today, -29), to: today },
      ]
    : [];

  // A 12-hour clock's labels are longer ("10 PM"): every third hour then, every second on a 24-hour one.
  const twelve = f.locale.includes('-u-hc-h12');
  const hours = useMemo(() => {
    const counts = Array.from({ length: 24 }, (_, h) => report?.perHour.find((p) => p.hour === h)?.count ?? 0);
    return {
      labels: counts.map((_, h) => hourLabel(h, f, twelve)),
      names: counts.map((_, h) => hourWords(h, f, twelve)),
      values: counts,
    };
  }, [report, f, twelve]);
  // The chosen range's days (a single day has its hours instead), counts and revenue.
  const days = useMemo(() => {
    const list = report?.perDay ?? [];
    const currency = report ? mainCurrency(report.totals) : null;
    const unitSize = currency ? 10 ** minorDigits(currency) : 1;
    return {
      currency,
      dates: list.map((d) => d.date),
      labels: list.map((d) => f.dayAndMonth(d.date)),
      values: list.map((d) => d.count),
      revenue: list.map((d) => (currency ? (d.revenue.find((m) => m.currency === currency)?.minor ?? 0) / unitSize : 0)),
      margin: list.every((d) => d.margin)
        ? list.map((d) => (currency ? (d.margin?.find((m) => m.currency === currency)?.minor ?? 0) / unitSize : 0))
        : null,
    };
  }, [report, f]);
  const moneyAxis = useCallback(
    (v: number) =>
      days.currency ? f.money({ minor: Math.round(v * 10 ** minorDigits(days.currency)), currency: days.currency }) : '',
    [days.currency, f],
  );

  // A bar of a chart: its hour on every day of the period, or its day.
  const drillHour = (hour: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const row = t('range', { from: hourWords(hour, f, twelve), to: hourWords((hour + 1) % 24, f, twelve) });
    setDrill({ dimension: 'hour', key: String(hour), what: t('chart.hourAxis'), row });
  };
  const drillDay = (index: number) => {
    const date = days.dates[index];
    if (!date) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDrill({ dimension: 'day', key: date, what: t('chart.dayAxis'), row: f.day(date) });
  };

  const period = report
    ? report.fromDate === report.toDate
      ? f.day(report.fromDate)
      : t('range', { from: f.day(report.fromDate), to: f.day(report.toDate) })
    : '';

  // eSIMs of the period's sales the service has refunded since: shown apart, not as sold.
  const refunded = report?.totals.refunded?.esims ? report.totals.refunded : null;
  const empty = report !== null && countOf(report.totals) === 0 && report.problems.length === 0;
  const currency = report ? mainCurrency(report.totals) : null;
  const ratio = report && currency ? marginRatio(report.totals, currency) : null;
  const marginPercent = ratio === null ? '—' : f.percent(ratio);

  const unit = t('chart.unit');
  const none = t('chart.none');
  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('heading')}</h1>
        <RangeForm
          key={range ? `${range.from}/${range.to}` : 'none'}
          initial={range}
          today={today}
          presets={presets}
          onShow={show}
        />
      </header>
      <UnclosedNotice onOpen={(date) => useManager.setState({ closeDate: date })} />
      <ExampleSales />
      <ErrorNotice error={error} />
      {!report && !error && <Loading />}
      {report && (
        <div className={loading ? 'report stale' : 'report'} aria-busy={loading}>
          <div className="muted period report-actions">
            <span>{t('period', { period, zone: report.timeZone })}</span>
            {/* A period with nothing in it has nothing to download or print. */}
            {!empty && (
              <>
                <button
                  type="button"
                  className="button small secondary"
                  onClick={() => downloadText(reportCsvName(report), reportCsv(report))}
                >
                  {t('export.csv')}
                </button>
                <button
                  type="button"
                  className="button small secondary"
                  onClick={() => void reportXlsx(report).then((blob) => downloadText(reportCsvName(report, 'xlsx'), blob))}
                >
                  {t('export.xlsx')}
                </button>
                <ReportPrintButtons report={report} previous={previous} lastWeek={lastWeek} />
              </>
            )}
          </div>
          <ProblemList report={report} />
          <section className="stats" aria-label={t('totals')}>
            <Stat label={t('manager:stat.sales')} value={f.number(report.totals.sales)} testId="total-sales" />
            <Stat label={t('manager:stat.esims')} value={f.number(soldEsims(report.totals))} testId="total-esims" />
            {refunded && <Stat label={t('manager:stat.refunded')} value={f.number(refunded.esims)} testId="total-refunded" />}
            <Stat label={t('manager:stat.topups')} value={f.number(report.totals.topups)} testId="total-topups" />
            <Stat
              label={t('manager:stat.vouchers')}
              value={voucherWords(report.totals, f, zero) ?? f.number(0)}
              testId="total-vouchers"
            />
            <Stat label={t('manager:stat.revenue')} value={f.amounts(report.totals.revenue, zero)} testId="total-revenue" />
            {taxWords(report.totals, f) && <Stat label={t('manager:stat.tax')} value={taxWords(report.totals, f)!} />}
            <Stat label={t('manager:stat.cost')} value={costWords(report.totals, f, zero)} />
            <Stat label={t('manager:stat.margin')} value={f.amounts(report.totals.margin, zero)} testId="total-margin" />
            <Stat label={t('compare.row.marginRatio')} value={marginPercent} testId="total-margin-ratio" />
          </section>
          {refunded && (
            <p className="muted" data-testid="refunded-note">
              {t('refunded', {
                count: refunded.esims,
                // Isolated: a "US$" amount in an Arabic sentence keeps its parentheses in place.
                value: isolate(f.amounts(refunded.value, zero)),
                cost: isolate(f.amounts(refunded.cost, zero)),
              })}
            </p>
          )}
          {costUnknownText(report.totals.costUnknown) && (
            <p className="muted" data-testid="cost-unknown">
              * {costUnknownText(report.totals.costUnknown)}
            </p>
          )}
          <ReportCompare report={report} previous={previous} lastWeek={lastWeek} />
          <div className="charts">
            <BarChart
              title={t('chart.perHour')}
              testId="per-hour"
              labels={hours.labels}
              names={hours.names}
              values={hours.values}
              unit={unit}
              xLabel={t('chart.hourAxis')}
              labelEvery={twelve ? 3 : 2}
              onOpen={drillHour}
              listLabel={t('chart.openHour')}
              summary={(total, peak) =>
                total === 0
                  ? none
                  : t('chart.atHour', { count: total, peak: f.number(hours.values[peak] ?? 0), when: hourWords(peak, f, twelve) })
              }
            />
            {report.fromDate !== report.toDate && (
              <>
                <BarChart
                  title={t('chart.perDayRange')}
                  testId="per-day"
                  labels={days.labels}
                  values={days.values}
                  unit={unit}
                  xLabel={t('chart.dayAxis')}
                  labelEvery={Math.max(1, Math.ceil(days.labels.length / 8))}
                  onOpen={drillDay}
                  listLabel={t('chart.openDay')}
                  summary={(total, peak) =>
                    total === 0
                      ? none
                      : t('chart.onDay', {
                          count: total,
                          peak: f.number(days.values[peak] ?? 0),
                          when: days.dates[peak] ? f.day(days.dates[peak]) : '',
                        })
                  }
                />
                {days.currency && (
                  <BarChart
                    title={t('chart.revenuePerDay')}
                    testId="revenue-per-day"
                    onOpen={drillDay}
                    labels={days.labels}
                    values={days.revenue}
                    unit={t('manager:stat.revenue')}
                    xLabel={t('chart.dayAxis')}
                    formatValue={moneyAxis}
                    labelEvery={Math.max(1, Math.ceil(days.labels.length / 8))}
                    summary={(_total, peak) =>
                      t('chart.revenueOnDay', {
                        total: f.amounts(report.totals.revenue),
                        peak: moneyAxis(days.revenue[peak] ?? 0),
                        when: days.dates[peak] ? f.day(days.dates[peak]) : '',
                      })
                    }
                  />
                )}
                {days.currency && days.margin && (
                  <BarChart
                    title={t('chart.marginPerDay')}
                    testId="margin-per-day"
                    onOpen={drillDay}
                    labels={days.labels}
                    values={days.margin}
                    unit={t('manager:stat.margin')}
                    xLabel={t('chart.dayAxis')}
                    formatValue={moneyAxis}
                    labelEvery={Math.max(1, Math.ceil(days.labels.length / 8))}
                    summary={(_total, peak) =>
                      t('chart.revenueOnDay', {
                        total: f.amounts(report.totals.margin),
                        peak: moneyAxis(days.margin?.[peak] ?? 0),
                        when: days.dates[peak] ? f.day(days.dates[peak]) : '',
                      })
                    }
                  />
                )}
              </>
            )}
          </div>
          <div className="breakdowns">
            <ReportBreakdowns report={report} onOpen={drillInto} />
          </div>
          {drill && <ReportSalesDialog from={report.fromDate} to={report.toDate} target={drill} onClose={closeDrill} />}
        </div>
      )}
    </div>
  );
}

type Preset = { id: string; label: string; from: string; to: string };

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
  const { t } = useTranslation('reports');
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
      <DateField label={t('from')} value={from} max={today ?? undefined} onChange={setFrom} />
      <DateField label={t('to')} value={to} max={today ?? undefined} onChange={setTo} />
      <button type="submit" className="button" disabled={!from || !to}>
        {t('show')}
      </button>
      {presets.map((p) => {
        const on = initial?.from === p.from && initial.to === p.to;
        return (
          <button
            key={p.id}
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
