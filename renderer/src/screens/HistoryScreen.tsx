import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { describeError } from '../errors.ts';
import { useStore } from '../state/store.ts';
import { SaleDetail } from '../components/history/SaleDetail.tsx';
import { matchedEsim, statusLabel } from '../components/history/history-words.ts';
import '../counter.css';
import { clockOrDate } from '../../../shared/clock.ts';
import { useStoreTimeZone } from '../clock.ts';

const SEARCH_DELAY_MS = 150;

/** Today's sales; a search (ICCID, order code, reference, e-mail) looks through every day. */
export function HistoryScreen() {
  const history = useStore((s) => s.history);
  // The query the list on screen answers: the box may already hold the next one.
  const query = useStore((s) => s.historyAnswered) ?? '';
  const sale = useStore((s) => s.historySale);
  const staff = useStore((s) => s.staff);
  const display = useStore((s) => s.display);
  const displayError = useStore((s) => s.displayError);
  const revealBusy = useStore((s) => s.revealBusy);
  const revealError = useStore((s) => s.revealError);
  const info = useStore((s) => s.info);
  const zone = useStoreTimeZone();
  const [text, setText] = useState(() => useStore.getState().historyQuery);
  const [focusRows, setFocusRows] = useState(0);
  const list = useRef<HTMLTableSectionElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void useStore.getState().loadHistory(useStore.getState().historyQuery);
    if (useStore.getState().staff === null) void useStore.getState().loadStaff();
    search.current?.focus();
  }, []);

  // Sales made at another till or window show up while the list is open (sale.updated events).
  useEffect(() => {
    useStore.getState().watchHistory(true);
    return () => useStore.getState().watchHistory(false);
  }, []);

  useEffect(() => {
    // Enter may have searched for this text already (without waiting for the pause).
    const timer = setTimeout(() => {
      if (text !== useStore.getState().historyQuery) void useStore.getState().loadHistory(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (focusRows > 0) list.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [focusRows]);

  const sales = history.status === 'ready' ? history.value : [];
  const searching = text.trim() !== query.trim();
  const staffName = (id: string) => staff?.find((s) => s.id === id)?.name ?? 'a former colleague';
  const managers = staff?.filter((s) => s.role === 'manager') ?? null;

  const open = (s: SaleView) => useStore.getState().openHistorySale(s);

  // Enter and ↓ act on the answer to what the box holds, never on the list of the search before it.
  const toResults = async (asked: string, openSingle: boolean) => {
    const found = await useStore.getState().historyResults(asked);
    if (found === null || search.current?.value !== asked) return;
    if (openSingle && found.length === 1) open(found[0]!);
    else if (found.length > 0) setFocusRows((n) => n + 1);
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      void toResults(event.currentTarget.value, event.key === 'Enter');
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown') buttons[Math.min(buttons.length - 1, at + 1)]?.focus();
    else if (event.key === 'ArrowUp') {
      if (at === 0) search.current?.focus();
      else buttons[at - 1]?.focus();
    } else return;
    event.preventDefault();
  };

  const heading = query.trim() ? `Sales matching “${query.trim()}” (all days)` : 'Today’s sales';
  const total = sales.filter((s) => s.status === 'completed');

  return (
    <div className="counter-flow">
      <h1>History</h1>
      <div className={sale ? 'history with-detail' : 'history'}>
        <section className="history-list" aria-labelledby="history-heading">
          <label className="iccid-label" htmlFor="history-search">
            Search by ICCID, order code, reference or e-mail
          </label>
          <input
            ref={search}
            id="history-search"
            type="search"
            className="text-input search-wide"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 8944…, EC-2024…, name@example.com"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onSearchKey}
          />
          <h2 id="history-heading">
            {heading}{' '}
            {history.status === 'ready' && (
              <span className="muted small">
                · {sales.length} sale{sales.length === 1 ? '' : 's'}
                {!query.trim() && total.length > 0 && ` · ${total.length} sold`}
              </span>
            )}
            {searching && (
              <span className="muted small" role="status">
                {' '}
                · searching…
              </span>
            )}
          </h2>
          {history.status === 'loading' && (
            <p className="notice progress" role="status">
              <span className="spinner" aria-hidden="true" /> Loading sales…
            </p>
          )}
          {history.status === 'failed' && (
            <div className="notice error" role="alert">
              <p>{describeError(history.error)}</p>
              <button type="button" className="button secondary" onClick={() => void useStore.getState().loadHistory(text)}>
                Try again
              </button>
            </div>
          )}
          {history.status === 'ready' && sales.length === 0 && (
            <p className="notice" role="status">
              {query.trim()
                ? 'No sale matches. Check the number, or search for a shorter part of it (the last digits of the ICCID).'
                : 'No sales yet today.'}
            </p>
          )}
          {sales.length > 0 && (
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Package</th>
                  <th scope="col">ICCID</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody ref={list} onKeyDown={onListKey}>
                {sales.map((s) => (
                  <tr key={s.id} className={sale?.id === s.id ? 'selected' : undefined} onClick={() => open(s)}>
                    <td>
                      <button
                        type="button"
                        className="row-button"
                        onClick={() => open(s)}
                        aria-label={`Open sale ${s.reference}`}
                      >
                        {clockOrDate(s.createdAt, zone)}
                      </button>
                    </td>
                    <td>
                      {s.packageData} · {s.packageDays} d<div className="muted small">{s.reference}</div>
                    </td>
                    <td className="mono">
                      <IccidCell sale={s} query={query} />
                    </td>
                    <td>{formatMoney(s.total)}</td>
                    <td>
                      <span className={`status status-${s.voided ? 'voided' : s.status}`}>{statusLabel(s)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        {sale && (
          <SaleDetail
            key={sale.id}
            sale={sale}
            initialEsim={matchedEsim(sale, query)}
            staffName={staffName}
            managers={managers}
            display={display}
            displayError={displayError}
            revealBusy={revealBusy}
            revealError={revealError}
            storeName={info?.name ?? 'eSIM Counter'}
            environment={info?.environment ?? 'demo'}
            onReveal={(id, pin) => useStore.getState().revealSale(id, pin)}
            onClearRevealError={() => useStore.getState().clearRevealError()}
            onShowOnDisplay={() => useStore.getState().showOnDisplay({ kind: 'install', saleId: sale.id })}
            onClose={() => useStore.getState().openHistorySale(null)}
          />
        )}
      </div>
    </div>
  );
}

/** The eSIM the search found (a sale of several has one row), else the sale's first; "+N" for the rest. */
function IccidCell({ sale, query }: { sale: SaleView; query: string }) {
  if (sale.esims.length === 0) return <>—</>;
  const found = matchedEsim(sale, query);
  const shown = sale.esims[Math.max(0, found)]!;
  return (
    <>
      …{shown.iccid.slice(-6)}
      {sale.esims.length > 1 && <span className="muted"> +{sale.esims.length - 1}</span>}
    </>
  );
}
