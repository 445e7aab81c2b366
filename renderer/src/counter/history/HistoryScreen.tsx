import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EsimRefund, HistoryEntry } from '../../../../shared/history.ts';
import type { SaleView, TopupView } from '../../../../shared/sales.ts';
import { describeError } from '../../errors.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { SaleDetail } from './SaleDetail.tsx';
import { TopupDetail } from './TopupDetail.tsx';
import { VoucherRow } from './VoucherRow.tsx';
import { VoucherBatchDetail } from '../vouchers/VoucherBatchDetail.tsx';
import { CameraScan } from '../camera/CameraScan.tsx';
import { matchedEsim, statusLabel, topupStatusLabel } from './history-words.ts';
import '../../ui/counter-screens.css';
import './history.css';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { useFormats } from '../../i18n/format.ts';

const SEARCH_DELAY_MS = 150;

/**
 * Today's sales, top-ups and voucher batches; a search (ICCID, order code, reference, e-mail, a
 * voucher code) looks through every day. A sale opens with its QR (behind a manager's approval) and
 * its refunds; a top-up with its receipt to print again; a voucher batch with its gift cards.
 */
export function HistoryScreen() {
  const { t } = useTranslation(['history', 'common']);
  const history = useStore((s) => s.history);
  // The query the list on screen answers: the box may already hold the next one.
  const query = useStore((s) => s.historyAnswered) ?? '';
  const sale = useStore((s) => s.historySale);
  const topup = useStore((s) => s.historyTopup);
  const voucher = useStore((s) => s.historyVoucher);
  const session = useStore((s) => s.session);
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

  const entries = history.status === 'ready' ? history.value : [];
  const sales = entries.flatMap((e) => (e.kind === 'sale' ? [e.sale] : []));
  const topups = entries.filter((e) => e.kind === 'topup').length;
  const vouchers = entries.filter((e) => e.kind === 'voucher').length;
  const searching = text.trim() !== query.trim();
  const staffName = (id: string) => staff?.find((s) => s.id === id)?.name ?? t('formerColleague');
  const managers = staff?.filter((s) => s.role === 'manager') ?? null;

  const open = (s: SaleView) => useStore.getState().openHistorySale(s);
  const openEntry = (e: HistoryEntry) => {
    if (e.kind === 'sale') open(e.sale);
    else if (e.kind === 'topup') useStore.getState().openHistoryTopup(e.topup);
    else useStore.getState().openHistoryVoucher(e.voucher);
  };
  const refundsOf = (id: string): readonly EsimRefund[] =>
    entries.find((e) => e.kind === 'sale' && e.sale.id === id)?.kind === 'sale'
      ? (entries.find((e) => e.kind === 'sale' && e.sale.id === id) as Extract<HistoryEntry, { kind: 'sale' }>).refunds
      : [];

  // Enter and ↓ act on the answer to what the box holds, never on the list of the search before it.
  const toResults = async (asked: string, openSingle: boolean) => {
    const found = await useStore.getState().historyResults(asked);
    if (found === null || search.current?.value !== asked) return;
    if (openSingle && found.length === 1) openEntry(found[0]!);
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
      <div className={sale || topup || voucher ? 'history with-detail' : 'history'}>
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
                {topups > 0 && ` · ${t('topups', { count: topups })}`}
                {vouchers > 0 && ` · ${t('vouchers', { count: vouchers })}`}
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
          {history.status === 'ready' && entries.length === 0 && (
            <p className="notice" role="status">
              {query.trim() ? t('noMatch') : t('noneToday')}
            </p>
          )}
          {entries.length > 0 && (
            // At 200 % zoom the columns (a refund's chip beside the status) are wider than the window.
            <TableScroll label={heading}>
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
                  {entries.map((e) =>
                    e.kind === 'sale' ? (
                      <SaleRow
                        key={e.sale.id}
                        sale={e.sale}
                        refunds={e.refunds}
                        query={query}
                        selected={sale?.id === e.sale.id}
                      />
                    ) : e.kind === 'topup' ? (
                      <TopupRow key={e.topup.id} topup={e.topup} selected={topup?.id === e.topup.id} />
                    ) : (
                      <VoucherRow
                        key={e.voucher.id}
                        batch={e.voucher}
                        staffName={staffName(e.voucher.staffId)}
                        selected={voucher?.id === e.voucher.id}
                      />
                    ),
                  )}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>
        {topup && (
          <TopupDetail
            key={topup.id}
            topup={topup}
            staffName={staffName}
            storeName={info?.name ?? 'eSIM Counter'}
            environment={info?.environment ?? 'demo'}
            onTopUpAgain={() => {
              useStore.getState().handOffIccid(topup.iccid);
              openScreen('topup');
            }}
            onClose={() => useStore.getState().openHistoryTopup(null)}
          />
        )}
        {voucher && (
          <VoucherBatchDetail
            key={voucher.id}
            batch={voucher}
            staffName={staffName}
            storeName={info?.name ?? 'eSIM Counter'}
            environment={info?.environment ?? 'demo'}
            focusRequest={0}
            onPrinted={(printed) => {
              useStore.getState().openHistoryVoucher(printed);
              void useStore.getState().refreshHistory();
            }}
            onClose={() => useStore.getState().openHistoryVoucher(null)}
          />
        )}
        {sale && (
          <SaleDetail
            key={sale.id}
            sale={sale}
            refunds={refundsOf(sale.id)}
            canRefund={session?.status === 'active' && session.role === 'manager'}
            onRefunded={() => void useStore.getState().refreshHistory()}
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

function SaleRow({
  sale,
  refunds,
  query,
  selected,
}: {
  sale: SaleView;
  refunds: readonly EsimRefund[];
  query: string;
  selected: boolean;
}) {
  const { t } = useTranslation('history');
  const f = useFormats();
  const open = () => useStore.getState().openHistorySale(sale);
  // The row says the most telling refund state of its eSIMs: refunded over in review over refused.
  const refund = (['refunded', 'unclear', 'in_review', 'refused'] as const).find((state) =>
    refunds.some((r) => r.state === state),
  );
  return (
    <tr className={selected ? 'selected' : undefined} onClick={open}>
      <td>
        <button type="button" className="row-button" onClick={open} aria-label={t('open', { reference: sale.reference })}>
          {f.timeOrDate(sale.createdAt)}
        </button>
      </td>
      <td>
        <bdi>{sale.packageData}</bdi> · {t('daysShort', { count: sale.packageDays })}
        <div className="muted small">{sale.reference}</div>
      </td>
      <td className="mono">
        <IccidCell sale={sale} query={query} />
      </td>
      <td>{f.money(sale.total)}</td>
      <td>
        <span className={`status status-${sale.voided ? 'voided' : sale.status}`}>{statusLabel(sale)}</span>
        {refund && <span className={`chip refund-chip refund-${refund}`}>{t(`refund.state.${refund}`)}</span>}
      </td>
    </tr>
  );
}

function TopupRow({ topup, selected }: { topup: TopupView; selected: boolean }) {
  const { t } = useTranslation('history');
  const f = useFormats();
  const open = () => useStore.getState().openHistoryTopup(topup);
  return (
    <tr className={selected ? 'selected' : undefined} onClick={open}>
      <td>
        <button type="button" className="row-button" onClick={open} aria-label={t('openTopup', { reference: topup.reference })}>
          {f.timeOrDate(topup.createdAt)}
        </button>
      </td>
      <td>
        <span className="chip kind-chip">{t('kind.topup')}</span>
        <bdi>{topup.packageData}</bdi> · {t('daysShort', { count: topup.packageDays })}
        <div className="muted small">{topup.reference}</div>
      </td>
      <td className="mono">
        <bdi dir="ltr">…{topup.iccid.slice(-6)}</bdi>
      </td>
      <td>{f.money(topup.total)}</td>
      <td>
        <span className={`status status-${topup.status}`}>{topupStatusLabel(topup.status)}</span>
      </td>
    </tr>
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
