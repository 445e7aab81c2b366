import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatMoney } from '../../../shared/money.ts';
import { takings, type ClosePreview, type ExpectedTakings } from '../../../shared/reports.ts';
import { api } from '../api.ts';
import { printPage } from '../print/printPage.ts';
import { useStore } from '../state/store.ts';
import { CloseCount, METHOD_WORDS } from './CloseCount.tsx';
import { closeName, CloseRecord, ExpectedTable } from './CloseRecord.tsx';
import { clock, dateTime, longDate } from '../../../shared/clock.ts';
import { ErrorNotice, ProblemList } from './parts.tsx';
import { ReconciliationPanel } from './ReconciliationPanel.tsx';
import { useManager } from './store.ts';
import { ZReport, type ZPaper } from './ZReport.tsx';
import './manager.css';

/**
 * A sale settling in the background (an uncertain one found, a retry) changes what is open and may
 * unblock the close: the screen follows it after a short pause.
 */
const FOLLOW_MS = 1500;

/**
 * End of day: expected takings against the counted cash, the service's order list, the close. Once
 * a day is closed, what completes on it afterwards shows as "after the close" until a
 * supplementary close takes it, so the day's closes always add up to what Reports shows.
 */
export default function CloseScreen() {
  const today = useManager((s) => s.today);
  const date = useManager((s) => s.closeDate);
  const preview = useManager((s) => s.preview);
  const error = useManager((s) => s.closeError);
  const loading = useManager((s) => s.closeLoading);
  const load = useManager((s) => s.loadClose);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api().subscribe((name) => {
      if (name !== 'sale.updated' && name !== 'topup.updated') return;
      clearTimeout(timer);
      timer = setTimeout(() => void useManager.getState().loadClose(), FOLLOW_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>Close day</h1>
        <label className="inline-field">
          Day
          <input
            type="date"
            value={date ?? ''}
            max={today ?? undefined}
            onChange={(e) => e.target.value && void load(e.target.value)}
          />
        </label>
        {today && date !== today && (
          <button type="button" className="button secondary" onClick={() => void load(today)}>
            Today
          </button>
        )}
        <button type="button" className="button secondary" onClick={() => void load()} disabled={loading}>
          Refresh
        </button>
      </header>
      <ErrorNotice error={error} />
      {!preview && !error && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {preview && preview.date === date && (
        <div className={loading ? 'close stale' : 'close'} aria-busy={loading}>
          <p className="muted period">
            {longDate(preview.date)} · {preview.report.timeZone}
          </p>
          {preview.otherDays.map((d) => (
            <div key={d.date} className="notice warn" role="alert">
              <strong>{longDate(d.date)}</strong> has {count(d.sales, d.topups)} completed after its close, in no close yet.{' '}
              <button type="button" className="button small secondary" onClick={() => void load(d.date)}>
                Open {longDate(d.date)}
              </button>
            </div>
          ))}
          {preview.closes.length === 0 ? <OpenDay preview={preview} /> : <ClosedDay preview={preview} />}
        </div>
      )}
    </div>
  );
}

function count(sales: number, topups: number): string {
  const parts: string[] = [];
  if (sales > 0 || topups === 0) parts.push(`${sales} ${sales === 1 ? 'sale' : 'sales'}`);
  if (topups > 0) parts.push(`${topups} ${topups === 1 ? 'top-up' : 'top-ups'}`);
  return parts.join(' and ');
}

/** "$4.00 cash · $8.00 other". */
function inWords(expected: ExpectedTakings): string {
  return expected.map((e) => `${formatMoney(e)} ${(METHOD_WORDS[e.method] ?? e.method).toLowerCase()}`).join(' · ');
}

function blockedBy(preview: ClosePreview): string | null {
  const n = preview.unfinished;
  if (n === 0) return null;
  return `${n} ${n === 1 ? 'sale is' : 'sales are'} still being checked with the eSIM service. This can be closed once the outcome of every sale is known.`;
}

function OpenDay({ preview }: { preview: ClosePreview }) {
  const [csvError, setCsvError] = useState<string | null>(null);
  const blocked = blockedBy(preview);
  return (
    <>
      {blocked && (
        <div className="notice warn" role="alert">
          {blocked}
        </div>
      )}
      <ProblemList report={preview.report} />
      <div className="close-grid">
        <section className="panel" aria-label="Takings">
          <h2>Expected takings</h2>
          <ExpectedTable expected={preview.open.expected} />
        </section>
        <CloseCount
          open={preview.open}
          heading="Count the cash"
          action="Close the day"
          question={`Close ${longDate(preview.date)}?`}
          blockedBy={blocked}
        >
          <CsvButton date={preview.date} onError={setCsvError} />
        </CloseCount>
      </div>
      <ErrorNotice error={csvError} />
      <ReconciliationPanel reconciliation={preview.reconciliation} timeZone={preview.report.timeZone} />
    </>
  );
}

function ClosedDay({ preview }: { preview: ClosePreview }) {
  const settings = useManager((s) => s.settings);
  const info = useStore((s) => s.info);
  const [paper, setPaper] = useState<ZPaper>('a4');
  const [printing, setPrinting] = useState<string | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const { closes, open } = preview;
  const first = closes[0]!;
  const last = closes.at(-1)!;
  const later = open.sales + open.topups;
  const blocked = blockedBy(preview);
  // The portal holds one Z report: the one asked for, else the latest.
  const zClose = closes.find((c) => c.id === printing) ?? last;
  return (
    <>
      <div className="notice good" role="status">
        <strong>Day closed</strong> by {first.closedByName} at {dateTime(first.closedAt, first.timeZone)}.
        {closes.length > 1 &&
          ` ${closes.length - 1} supplementary ${closes.length === 2 ? 'close' : 'closes'} since, the last at ${clock(last.closedAt, last.timeZone)}.`}
      </div>
      {blocked && (
        <div className="notice warn" role="alert">
          {blocked}
        </div>
      )}
      {blocked && <ProblemList report={preview.report} />}
      {later > 0 ? (
        <>
          <AfterTheClose preview={preview} />
          <div className="close-grid">
            <section className="panel" aria-label="Takings after the close">
              <h2>Expected takings after the close</h2>
              <ExpectedTable expected={open.expected} label="Expected takings after the close" />
            </section>
            <CloseCount
              open={open}
              heading="Count the cash taken since the close"
              action="Close the later sales"
              question={`Close the ${count(open.sales, open.topups)} after the close?`}
              blockedBy={blocked}
            />
          </div>
        </>
      ) : (
        <p className="muted">Nothing has been sold on this day since the close at {clock(last.closedAt, last.timeZone)}.</p>
      )}
      {(closes.length > 1 || later > 0) && <DayTotals preview={preview} />}
      <div className="actions">
        <label className="inline-field">
          Z report paper
          <select value={paper} onChange={(e) => setPaper(e.target.value as ZPaper)}>
            <option value="a4">A4</option>
            <option value="80mm">80 mm receipt</option>
          </select>
        </label>
        <CsvButton date={preview.date} onError={setCsvError} />
      </div>
      <ErrorNotice error={csvError} />
      {closes.map((close) => (
        <CloseRecord
          key={close.id}
          close={close}
          onPrint={() => {
            // The portal must hold this close's Z report before the page is printed.
            flushSync(() => setPrinting(close.id));
            void printPage(paper === '80mm' ? 'receipt80' : 'a4');
          }}
        />
      ))}
      <ReconciliationPanel reconciliation={preview.reconciliation} timeZone={preview.report.timeZone} />
      <ZReport
        close={zClose}
        paper={paper}
        storeName={settings?.storeName ?? 'eSIM Counter'}
        storeAddress={settings?.storeAddress ?? ''}
        environment={info?.environment ?? 'demo'}
      />
    </>
  );
}

/** The sales no close covers yet, listed so the manager sees who sold what after the close. */
function AfterTheClose({ preview }: { preview: ClosePreview }) {
  const { open, closes } = preview;
  const last = closes.at(-1)!;
  const tz = preview.report.timeZone;
  const shown = open.lines.length;
  return (
    <section className="panel warn" aria-label="After the close">
      <h2>
        After the close: {count(open.sales, open.topups)}, {inWords(open.expected)}
      </h2>
      <p>
        Completed on this day after {last.sequence === 1 ? 'the day was closed' : closeName(last).toLowerCase()} at{' '}
        {clock(last.closedAt, last.timeZone)}, so in no close yet. Count the cash taken since then and close them with a
        supplementary close.
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Clerk</th>
            <th scope="col">Package</th>
            <th scope="col">Payment</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {open.lines.map((l) => (
            <tr key={`${l.kind}-${l.id}`}>
              <td>{clock(l.createdAt, tz)}</td>
              <td>{l.staffName}</td>
              <td>{l.kind === 'topup' ? `Top-up: ${l.packageTitle}` : l.packageTitle}</td>
              <td>{METHOD_WORDS[l.paymentMethod] ?? l.paymentMethod}</td>
              <td className="num">{formatMoney(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown < open.sales + open.topups && <p className="muted">The latest {shown} are listed.</p>}
    </section>
  );
}

/** Per payment method: what the closes hold, what is still open, and the whole day as Reports shows it. */
function DayTotals({ preview }: { preview: ClosePreview }) {
  const key = (e: { method: string; currency: string }) => `${e.method} ${e.currency}`;
  const closed = new Map<string, number>();
  for (const e of preview.closes.flatMap((c) => c.expected)) closed.set(key(e), (closed.get(key(e)) ?? 0) + e.minor);
  const open = new Map(preview.open.expected.map((e) => [key(e), e.minor]));
  const whole = takings(preview.report).expected;
  return (
    <section className="panel" aria-label="The whole day">
      <h2>The whole day, as in Reports</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col" className="num">
              In closes
            </th>
            <th scope="col" className="num">
              Not closed yet
            </th>
            <th scope="col" className="num">
              Whole day
            </th>
          </tr>
        </thead>
        <tbody>
          {whole.map((e) => (
            <tr key={key(e)}>
              <th scope="row">{METHOD_WORDS[e.method] ?? e.method}</th>
              <td className="num">{formatMoney({ minor: closed.get(key(e)) ?? 0, currency: e.currency })}</td>
              <td className="num">{formatMoney({ minor: open.get(key(e)) ?? 0, currency: e.currency })}</td>
              <td className="num">{formatMoney(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CsvButton({ date, onError }: { date: string; onError: (message: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void useManager
          .getState()
          .downloadCsv(date)
          .then((message) => {
            onError(message);
            setBusy(false);
          });
      }}
    >
      Download CSV
    </button>
  );
}
