import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { SaleView } from '../../../shared/sales.ts';
import { describeError } from '../errors.ts';
import { useStore } from '../state/store.ts';
import { SaleDetail } from '../components/history/SaleDetail.tsx';
import { STATUS_LABEL } from '../components/history/history-words.ts';
import '../counter.css';

const SEARCH_DELAY_MS = 150;

function time(iso: string): string {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return today
    ? d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
}

/** Today's sales; a search (ICCID, order code, reference, e-mail) looks through every day. */
export function HistoryScreen() {
  const history = useStore((s) => s.history);
  const query = useStore((s) => s.historyQuery);
  const sale = useStore((s) => s.historySale);
  const staff = useStore((s) => s.staff);
  const display = useStore((s) => s.display);
  const displayError = useStore((s) => s.displayError);
  const revealBusy = useStore((s) => s.revealBusy);
  const revealError = useStore((s) => s.revealError);
  const info = useStore((s) => s.info);
  const [text, setText] = useState(query);
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
    if (text === useStore.getState().historyQuery) return;
    const timer = setTimeout(() => void useStore.getState().loadHistory(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const sales = history.status === 'ready' ? history.value : [];
  const staffName = (id: string) => staff?.find((s) => s.id === id)?.name ?? 'a former colleague';
  const managers = staff?.filter((s) => s.role === 'manager') ?? null;

  const open = (s: SaleView) => useStore.getState().openHistorySale(s);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && sales.length > 0)) {
      event.preventDefault();
      if (event.key === 'Enter' && sales.length === 1) open(sales[0]!);
      else list.current?.querySelector<HTMLButtonElement>('button')?.focus();
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
                        {time(s.createdAt)}
                      </button>
                    </td>
                    <td>
                      {s.packageData} · {s.packageDays} d<div className="muted small">{s.reference}</div>
                    </td>
                    <td className="mono">
                      {s.esims.length === 0 ? '—' : `…${s.esims[0]!.iccid.slice(-6)}`}
                      {s.esims.length > 1 && <span className="muted"> +{s.esims.length - 1}</span>}
                    </td>
                    <td>{formatMoney(s.total)}</td>
                    <td>
                      <span className={`status status-${s.status}`}>{STATUS_LABEL[s.status]}</span>
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
