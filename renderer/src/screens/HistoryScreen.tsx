import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleView } from '../../../shared/sales.ts';
import { describeError } from '../errors.ts';
import { useStore } from '../state/store.ts';
import { SaleDetail } from '../components/history/SaleDetail.tsx';
import { CameraScan } from '../components/camera/CameraScan.tsx';
import { matchedEsim, statusLabel } from '../components/history/history-words.ts';
import '../counter.css';
import { useFormats } from '../i18n/format.ts';

const SEARCH_DELAY_MS = 150;

/** Today's sales; a search (ICCID, order code, reference, e-mail) looks through every day. */
export function HistoryScreen() {
  const { t } = useTranslation(['history', 'common']);
  const f = useFormats();
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
  const staffName = (id: string) => staff?.find((s) => s.id === id)?.name ?? t('formerColleague');
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

  const heading = query.trim() ? t('matching', { query: query.trim() }) : t('today');
  const total = sales.filter((s) => s.status === 'completed');

  return (
    <div className="counter-flow">
      <h1>{t('heading')}</h1>
      <div className={sale ? 'history with-detail' : 'history'}>
        <section className="history-list" aria-labelledby="history-heading">
          <label className="iccid-label" htmlFor="history-search">
            {t('searchLabel')}
          </label>
          <div className="history-search-row">
            <input
              ref={search}
              id="history-search"
              type="search"
              className="text-input search-wide"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onSearchKey}
            />
            <CameraScan onIccid={setText} />
          </div>
          <h2 id="history-heading">
            {heading}{' '}
            {history.status === 'ready' && (
              <span className="muted small">
                · {t('sales', { count: sales.length })}
                {!query.trim() && total.length > 0 && ` · ${t('sold', { count: total.length })}`}
              </span>
            )}
            {searching && (
              <span className="muted small" role="status">
                {' '}
                · {t('searching')}
              </span>
            )}
          </h2>
          {history.status === 'loading' && (
            <p className="notice progress" role="status">
              <span className="spinner" aria-hidden="true" /> {t('loading')}
            </p>
          )}
          {history.status === 'failed' && (
            <div className="notice error" role="alert">
              <p>{describeError(history.error)}</p>
              <button type="button" className="button secondary" onClick={() => void useStore.getState().loadHistory(text)}>
                {t('common:action.tryAgain')}
              </button>
            </div>
          )}
          {history.status === 'ready' && sales.length === 0 && (
            <p className="notice" role="status">
              {query.trim() ? t('noMatch') : t('noneToday')}
            </p>
          )}
          {sales.length > 0 && (
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">{t('column.time')}</th>
                  <th scope="col">{t('column.package')}</th>
                  <th scope="col">{t('column.iccid')}</th>
                  <th scope="col">{t('column.total')}</th>
                  <th scope="col">{t('column.status')}</th>
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
                        aria-label={t('open', { reference: s.reference })}
                      >
                        {f.timeOrDate(s.createdAt)}
                      </button>
                    </td>
                    <td>
                      <bdi>{s.packageData}</bdi> · {t('daysShort', { count: s.packageDays })}
                      <div className="muted small">{s.reference}</div>
                    </td>
                    <td className="mono">
                      <IccidCell sale={s} query={query} />
                    </td>
                    <td>{f.money(s.total)}</td>
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
  const f = useFormats();
  if (sale.esims.length === 0) return <>—</>;
  const found = matchedEsim(sale, query);
  const shown = sale.esims[Math.max(0, found)]!;
  // The digits read left to right in Arabic too: "…001021 +1".
  return (
    <bdi dir="ltr">
      …{shown.iccid.slice(-6)}
      {sale.esims.length > 1 && <span className="muted"> +{f.number(sale.esims.length - 1)}</span>}
    </bdi>
  );
}
