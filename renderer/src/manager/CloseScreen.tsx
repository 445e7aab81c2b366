import { printPage } from '../print/printPage.ts';
import { useEffect, useMemo, useState } from 'react';
import { formatMoney, type Money } from '../../../shared/money.ts';
import type { ClosePreview, DayClose, Reconciliation } from '../../../shared/reports.ts';
import { useStore } from '../state/store.ts';
import { formatAmounts, formatDifference, localTime, longDate, parseCountedCash, reconciliationSummary } from './format.ts';
import { ErrorNotice, ProblemList } from './parts.tsx';
import { useManager } from './store.ts';
import { ZReport, type ZPaper } from './ZReport.tsx';
import './manager.css';

const METHOD_WORDS: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

/** The currencies the drawer may hold: those of the expected cash, then of any takings. */
function cashCurrencies(preview: ClosePreview): string[] {
  const seen = new Set<string>();
  for (const m of preview.expectedCash) seen.add(m.currency);
  for (const m of preview.report.totals.revenue) seen.add(m.currency);
  return [...seen];
}

/** End of day: expected takings against the counted cash, the service's order list, the close. */
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
          {preview.closed ? <ClosedDay close={preview.closed} /> : <OpenDay preview={preview} />}
        </div>
      )}
    </div>
  );
}

function ExpectedTable({ preview }: { preview: Pick<ClosePreview, 'expected'> }) {
  if (preview.expected.length === 0) return <p className="muted">No takings on this day.</p>;
  return (
    <table className="table" aria-label="Expected takings">
      <thead>
        <tr>
          <th scope="col">Payment</th>
          <th scope="col" className="num">
            Expected
          </th>
        </tr>
      </thead>
      <tbody>
        {preview.expected.map((e) => (
          <tr key={`${e.method}-${e.currency}`}>
            <th scope="row">{METHOD_WORDS[e.method] ?? e.method}</th>
            <td className="num">{formatMoney(e)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OpenDay({ preview }: { preview: ClosePreview }) {
  const committing = useManager((s) => s.committing);
  const commitError = useManager((s) => s.commitError);
  const currencies = useMemo(() => cashCurrencies(preview), [preview]);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [csvError, setCsvError] = useState<string | null>(null);

  const parsed = currencies.map((currency) => ({
    currency,
    text: typed[currency] ?? '',
    result: parseCountedCash(typed[currency] ?? '', currency),
  }));
  const allTyped = parsed.every((p) => p.result.ok);
  const counted: Money[] = parsed.flatMap((p) => (p.result.ok ? [{ minor: p.result.minor, currency: p.currency }] : []));
  const expectedOf = (currency: string) => preview.expectedCash.find((m) => m.currency === currency)?.minor ?? 0;
  const blocked = preview.unfinished > 0;

  return (
    <>
      {blocked && (
        <div className="notice warn" role="alert">
          {preview.unfinished} {preview.unfinished === 1 ? 'sale is' : 'sales are'} still being checked with the eSIM service. The
          day can be closed once the outcome of every sale is known.
        </div>
      )}
      <ProblemList report={preview.report} />
      <div className="close-grid">
        <section className="panel" aria-label="Takings">
          <h2>Expected takings</h2>
          <ExpectedTable preview={preview} />
        </section>
        <section className="panel" aria-label="Count the cash">
          <h2>Count the cash</h2>
          {currencies.length === 0 && <p className="muted">No cash is expected in the drawer.</p>}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!allTyped || blocked) return;
              const words = parsed
                .map(({ currency, result }) =>
                  result.ok ? formatDifference({ minor: result.minor - expectedOf(currency), currency }) : '',
                )
                .join(', ');
              const ask = `Close ${longDate(preview.date)}${words ? ` with the cash ${words}` : ''}? A closed day cannot be reopened.`;
              if (window.confirm(ask)) void useManager.getState().commitClose(counted);
            }}
          >
            {parsed.map(({ currency, text, result }) => {
              const expected = { minor: expectedOf(currency), currency };
              const difference = result.ok ? { minor: result.minor - expected.minor, currency } : null;
              return (
                <div key={currency} className="count-row">
                  <div className="count-expected">
                    Expected cash <strong data-testid={`expected-cash-${currency}`}>{formatMoney(expected)}</strong>
                  </div>
                  <label className="field">
                    Counted cash ({currency})
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      value={text}
                      placeholder="0.00"
                      aria-invalid={text !== '' && !result.ok}
                      onChange={(e) => setTyped((t) => ({ ...t, [currency]: e.target.value }))}
                    />
                  </label>
                  <div className="count-difference" role="status" aria-live="polite">
                    {text === '' ? (
                      ''
                    ) : result.ok && difference ? (
                      <span className={difference.minor < 0 ? 'short' : difference.minor > 0 ? 'over' : 'exact'}>
                        Difference: {formatDifference(difference)}
                      </span>
                    ) : (
                      !result.ok && <span className="bad">{result.message}</span>
                    )}
                  </div>
                </div>
              );
            })}
            <ErrorNotice error={commitError} />
            <div className="actions">
              <button type="submit" className="button" disabled={!allTyped || blocked || committing}>
                {committing ? 'Closing…' : 'Close the day'}
              </button>
              <CsvButton date={preview.date} onError={setCsvError} />
            </div>
            <ErrorNotice error={csvError} />
          </form>
        </section>
      </div>
      <ReconciliationPanel reconciliation={preview.reconciliation} timeZone={preview.report.timeZone} />
    </>
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

function ClosedDay({ close }: { close: DayClose }) {
  const settings = useManager((s) => s.settings);
  const info = useStore((s) => s.info);
  const [paper, setPaper] = useState<ZPaper>('a4');
  const [csvError, setCsvError] = useState<string | null>(null);
  const differences = close.cashDifference.filter((m) => m.minor !== 0);
  return (
    <>
      <div className="notice good" role="status">
        <strong>Day closed</strong> by {close.closedByName} at {localTime(close.closedAt, close.timeZone, true)}.
      </div>
      <div className="close-grid">
        <section className="panel" aria-label="Takings">
          <h2>Takings</h2>
          <ExpectedTable preview={close} />
        </section>
        <section className="panel" aria-label="Cash">
          <h2>Cash</h2>
          <dl className="facts">
            <dt>Counted</dt>
            <dd>{formatAmounts(close.countedCash, 'nothing')}</dd>
            <dt>Difference</dt>
            <dd data-testid="cash-difference">
              {differences.length === 0 ? 'none' : differences.map((m) => formatDifference(m)).join(' · ')}
            </dd>
          </dl>
          <div className="actions">
            <label className="inline-field">
              Paper
              <select value={paper} onChange={(e) => setPaper(e.target.value as ZPaper)}>
                <option value="a4">A4</option>
                <option value="80mm">80 mm receipt</option>
              </select>
            </label>
            <button type="button" className="button" onClick={() => void printPage(paper === '80mm' ? 'receipt80' : 'a4')}>
              Print Z report
            </button>
            <CsvButton date={close.date} onError={setCsvError} />
          </div>
          <ErrorNotice error={csvError} />
        </section>
      </div>
      <ReconciliationPanel reconciliation={close.reconciliation} timeZone={close.timeZone} />
      <ZReport
        close={close}
        paper={paper}
        storeName={settings?.storeName ?? 'eSIM Counter'}
        storeAddress={settings?.storeAddress ?? ''}
        environment={info?.environment ?? 'demo'}
      />
    </>
  );
}

function ReconciliationPanel({ reconciliation: r, timeZone }: { reconciliation: Reconciliation; timeZone: string }) {
  const mismatch = r.checked && (r.missingHere.length > 0 || r.missingThere.length > 0);
  return (
    <section className={mismatch || !r.checked ? 'panel warn' : 'panel'} aria-label="Reconciliation">
      <h2>Against the eSIM service’s orders</h2>
      <p>{reconciliationSummary(r)}</p>
      {r.checked && r.missingHere.length > 0 && (
        <>
          <h3>At the service, not in this counter’s journal</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Order</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {r.missingHere.map((o) => (
                <tr key={o.code}>
                  <td>{localTime(o.createdAt, timeZone)}</td>
                  <td className="mono">{o.code}</td>
                  <td>{o.description ?? ''}</td>
                  <td className="num">{formatMoney(o.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {r.checked && r.missingThere.length > 0 && (
        <>
          <h3>In this counter’s journal, not at the service</h3>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Reference</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {r.missingThere.map((o) => (
                <tr key={`${o.kind}-${o.id}`}>
                  <td>{o.kind === 'sale' ? 'Sale' : 'Top-up'}</td>
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
