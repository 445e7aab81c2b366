import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../../shared/contract.ts';
import type { DisplayState } from '../../../../shared/display.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { multiplyMoney } from '../../../../shared/money.ts';
import type { PrintResult } from '../../../../shared/printing.ts';
import type { SaleView, SalesReadiness } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { OfflineReceipt, offlineBlocks } from '../../print/OfflineReceipt.tsx';
import { paperWords } from '../../print/paper.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import { openCashDrawer, printReceipt } from '../../print/printReceipt.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import { useTaxed } from '../../ui/TaxRows.tsx';
import { packageWords } from '../esim/package-words.ts';
import type { Checkout } from './checkout.ts';
import { paymentWords } from './checkout.ts';
import './offline.css';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type OfferProps = {
  checkout: Checkout;
  readiness: SalesReadiness;
  busy: boolean;
  error: AppError | null;
  onTake(email: string, again: string): void;
};

/**
 * On Confirm while the service is away: the sale can still be taken, its eSIM e-mailed once the
 * service answers. The address is typed twice, so a typo does not send the eSIM to a stranger.
 */
export function OfflineOffer({ checkout, readiness, busy, error, onTake }: OfferProps) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const [email, setEmail] = useState(checkout.email.trim());
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  // The Sell button above is off: the clerk's next move is the address.
  useEffect(() => first.current?.focus(), []);
  const taxed = useTaxed(multiplyMoney(checkout.offer.retail, checkout.quantity));
  const { offline } = readiness;
  // When the offer appeared: the deadline the customer is told, taken a moment later, is this or just after.
  const [shownAt] = useState(() => Date.now());
  const deadline = new Date(shownAt + offline.hours * 3_600_000).toISOString();
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const matches = valid && sameEmail(email, again);
  const overSale = offline.maxPerSale !== null && taxed.gross.minor > offline.maxPerSale.minor;
  const overTotal = offline.room !== null && taxed.gross.minor > offline.room.minor;
  const take = () => {
    setTried(true);
    if (matches && !busy) onTake(email.trim(), again.trim());
  };
  return (
    <section className="offline-offer panel" aria-labelledby="offline-heading" data-testid="offline-offer">
      <h2 id="offline-heading">{t('offline.heading')}</h2>
      <p>{t('offline.explain', { time: f.dateTime(deadline) })}</p>
      <p className="small">{t('offline.refund')}</p>
      {overSale && offline.maxPerSale && (
        <p className="notice warn" role="note">
          {t('offline.overSale', { max: f.money(offline.maxPerSale) })}
        </p>
      )}
      {!overSale && overTotal && offline.room && (
        <p className="notice warn" role="note">
          {t('offline.overTotal', { room: f.money(offline.room) })}
        </p>
      )}
      <div className="offline-emails">
        <label className="field">
          <span className="label">{t('offline.email')}</span>
          <input
            ref={first}
            className="text-input"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={tried && !valid}
            aria-describedby="offline-email-problem"
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('details.emailPlaceholder')}
          />
        </label>
        <label className="field">
          <span className="label">{t('offline.emailAgain')}</span>
          <input
            className="text-input"
            type="email"
            autoComplete="off"
            value={again}
            aria-invalid={tried && !matches}
            aria-describedby="offline-email-problem"
            onChange={(event) => setAgain(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') take();
            }}
          />
        </label>
      </div>
      {/* Always there, so what appears in it is read out. */}
      <p id="offline-email-problem" className="field-error" role="alert">
        {tried && !valid ? t('offline.emailWrong') : tried && !matches ? t('offline.emailMismatch') : ''}
      </p>
      {error && <AppErrorNotice error={error} />}
      <button
        type="button"
        className="button primary big"
        disabled={overSale || overTotal}
        aria-disabled={busy || undefined}
        onClick={take}
      >
        {busy ? t('confirm.sellingShort') : t('offline.take', { total: f.money(taxed.gross) })}
      </button>
    </section>
  );
}

type PanelProps = {
  sale: SaleView;
  display: DisplayState | null;
  storeName: string;
  environment: Environment;
  onShowOnDisplay(): Promise<boolean>;
  /** After the receipt and display buttons: the result's "New sale". */
  children?: ReactNode;
};

/**
 * What a sale taken offline promised (the address, by when, the money back otherwise) and where it
 * stands, with its receipt to print and the address to show the customer again.
 */
function OfflinePanel({ sale, display, storeName, environment, onShowOnDisplay, children }: PanelProps) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const state = sale.offline?.state ?? 'waiting';
  const onDisplay = display?.kind === 'emailed' && display.saleId === sale.id;
  const print = () => {
    setPrinted(null);
    void printReceipt((setup) => {
      const words = paperWords();
      return { blocks: offlineBlocks(sale, setup.store, environment, words), language: words.language, dir: words.dir };
    }).then(setPrinted);
  };
  return (
    <div className="panel">
      <dl className="summary">
        <dt>{t('offline.to')}</dt>
        <dd className="offline-address">
          <bdi>{sale.customerEmail}</bdi>
        </dd>
        <dt>{t('offline.taken')}</dt>
        <dd>{sale.offline ? f.dateTime(sale.offline.takenAt) : '—'}</dd>
        {(state === 'waiting' || state === 'placing') && sale.offline && (
          <>
            <dt>{t('offline.by')}</dt>
            <dd>{f.dateTime(sale.offline.deadline)}</dd>
          </>
        )}
      </dl>
      <p className={state === 'to_refund' ? 'notice error' : 'notice good'}>{t(`offline.next.${state}`)}</p>
      <div className="actions">
        {state !== 'refunded' && (
          <>
            <button type="button" className="button primary big" onClick={() => void onShowOnDisplay()}>
              {onDisplay ? t('result.showAgain') : t('result.show')}
            </button>
            <button type="button" className="button secondary big" onClick={print}>
              {t('offline.print')}
            </button>
          </>
        )}
        {children}
      </div>
      <PrintNotice result={printed} saleSafe />
      <OfflineReceipt sale={sale} storeName={storeName} environment={environment} />
    </div>
  );
}

type ResultProps = Omit<PanelProps, 'children'> & { onNewSale(): void };

/** Sell's last step for a sale taken while the service was away. */
export function OfflineResult({ onNewSale, ...props }: ResultProps) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const { sale } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const [drawer, setDrawer] = useState<PrintResult | null>(null);
  useEffect(() => heading.current?.focus(), []);
  // The customer paid now: the cash goes in the drawer whatever the service does later.
  useEffect(() => {
    if (sale.paymentMethod === 'cash') void openCashDrawer('sale', sale.id).then(setDrawer);
  }, [sale.id, sale.paymentMethod]);
  return (
    <section className="result offline-result" aria-labelledby="offline-result-heading" data-testid="offline-result">
      <div className="result-head">
        <h1 id="offline-result-heading" ref={heading} tabIndex={-1}>
          {t(`offline.state.${sale.offline?.state ?? 'waiting'}`)}
        </h1>
        <p className="muted">
          {t('offline.meta', {
            package: packageWords(sale.packageData, sale.packageDays, f),
            total: f.money(sale.total),
            payment: paymentWords(sale.paymentMethod),
            reference: sale.reference,
          })}
        </p>
      </div>
      <OfflinePanel {...props}>
        <button type="button" className="button finish big" onClick={onNewSale}>
          {t('result.newSale')}
        </button>
      </OfflinePanel>
      <PrintNotice result={drawer} drawer />
    </section>
  );
}

/** History's detail of a sale taken while the service was away: the same promise, receipt and display. */
export function OfflineNote(props: Omit<PanelProps, 'children'>) {
  const { t } = useTranslation('sell');
  return (
    <section className="offline-note" aria-labelledby="offline-note-heading" data-testid="offline-note">
      <h2 id="offline-note-heading">{t(`offline.state.${props.sale.offline?.state ?? 'waiting'}`)}</h2>
      <OfflinePanel {...props} />
    </section>
  );
}
