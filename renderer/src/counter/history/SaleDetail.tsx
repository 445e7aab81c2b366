import { useVoucherPrint } from '../../print/useVoucherPrint.ts';
import { PrintNotice } from '../../print/PrintNotice.tsx';
import type { PrintResult } from '../../../../shared/printing.ts';
import { DisplayNotices } from '../display/DisplayNotices.tsx';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { EsimRefund } from '../../../../shared/history.ts';
import type { RefundView } from '../../../../shared/manager.ts';
import { EsimPackages } from '../esim/EsimPackages.tsx';
import { paymentWords } from '../sell/checkout.ts';
import type { Environment, StaffTile } from '../../../../shared/contract.ts';
import type { DisplayState } from '../../../../shared/display.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { localDate } from '../../../../shared/clock.ts';
import type { SaleView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { Voucher } from '../../print/Voucher.tsx';
import { EsimCodes, groupIccid } from '../esim/EsimCodes.tsx';
import { InstallGuide } from '../install/InstallGuide.tsx';
import { ManagerApproval } from './ManagerApproval.tsx';
import { SaleRecovery } from './SaleRecovery.tsx';
import { refundable, statusLabel } from './history-words.ts';
import { EsimTabs } from '../esim/EsimTabs.tsx';
import { EsimDelivery } from './EsimDelivery.tsx';
import { useStore } from '../../state/store.ts';

// Only a manager asks for refunds: the clerk's window never loads the form (nor the reasons' words).
const SaleRefund = lazy(() => import('./SaleRefund.tsx'));
// A sale taken while the service was away is rare: its promise, receipt and display load with it.
const OfflineNote = lazy(() => import('../sell/OfflineSale.tsx').then((m) => ({ default: m.OfflineNote })));

type Props = {
  sale: SaleView;
  /** The latest refund request's state of each of its eSIMs that was asked for. */
  refunds: readonly EsimRefund[];
  /** A manager is at the counter: refunds can be asked for from here. */
  canRefund: boolean;
  /** A refund request went to the service: the list reads the sale's refund states again. */
  onRefunded(): void;
  /** The eSIM to show first: the one the search found. */
  initialEsim?: number;
  staffName(id: string): string;
  managers: readonly StaffTile[] | null;
  display: DisplayState | null;
  displayError: AppError | null;
  revealBusy: boolean;
  revealError: AppError | null;
  storeName: string;
  environment: Environment;
  onReveal(managerStaffId: string, pin: string): Promise<boolean>;
  onClearRevealError(): void;
  onShowOnDisplay(): Promise<boolean>;
  onClose(): void;
};

/** One sale of the history: what was sold, and its QR again (with a manager's approval when masked). */
export function SaleDetail(props: Props) {
  const { sale, display, displayError, revealBusy, revealError, storeName, environment } = props;
  const { t } = useTranslation(['history', 'refunds']);
  const f = useFormats();
  const [asking, setAsking] = useState(false);
  const [approvedAt, setApprovedAt] = useState<number | null>(null);
  const [index, setIndex] = useState(Math.max(0, props.initialEsim ?? 0));
  const { paper, print } = useVoucherPrint(sale, environment);
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [showing, setShowing] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [requested, setRequested] = useState<RefundView | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refundButton = useRef<HTMLButtonElement>(null);
  const requestedNotice = useRef<HTMLParagraphElement>(null);
  // The form is gone once sent: the focus goes to what became of the request.
  useEffect(() => {
    if (requested) requestedNotice.current?.focus();
  }, [requested]);
  const esim = sale.esims[index] ?? sale.esims[0];
  const masked = sale.esims.some((e) => e.masked);
  const failure = sale.status === 'failed' || sale.status === 'not_found' ? describeSaleFailure(sale.failure) : null;

  // The list gives each sale its own instance (key), so a new sale starts with nothing asked.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="panel sale-detail" aria-labelledby="sale-detail-heading">
      <div className="detail-head">
        <h2 id="sale-detail-heading" ref={heading} tabIndex={-1}>
          <bdi>{sale.packageData}</bdi> · {t('days', { count: sale.packageDays })}
        </h2>
        <button type="button" className="button small ghost" onClick={props.onClose} aria-label={t('detail.close')}>
          ✕
        </button>
      </div>
      <dl className="summary compact">
        <dt>{t('detail.reference')}</dt>
        <dd>{sale.reference}</dd>
        {sale.partnerOrderCode && (
          <>
            <dt>{t('detail.orderCode')}</dt>
            <dd>{sale.partnerOrderCode}</dd>
          </>
        )}
        <dt>{t('detail.status')}</dt>
        <dd>{statusLabel(sale)}</dd>
        <dt>{t('detail.sold')}</dt>
        <dd>{t('detail.soldBy', { when: f.dateTime(sale.createdAt), name: props.staffName(sale.staffId) })}</dd>
        <dt>{t('detail.total')}</dt>
        <dd>
          {f.number(sale.quantity)} × {f.money(sale.unitPrice)} = {f.money(sale.total)} · {paymentWords(sale.paymentMethod)}
        </dd>
        {sale.customerEmail && (
          <>
            <dt>{t('detail.email')}</dt>
            <dd>{sale.customerEmail}</dd>
          </>
        )}
      </dl>
      {failure && (
        <p className="notice error">
          {failure.words} {failure.detail && <span className="small">({failure.detail})</span>}
        </p>
      )}
      {sale.offline && (
        <Suspense fallback={null}>
          <OfflineNote
            sale={sale}
            display={display}
            storeName={storeName}
            environment={environment}
            onShowOnDisplay={() => useStore.getState().showOnDisplay({ kind: 'emailed', saleId: sale.id })}
          />
        </Suspense>
      )}
      <SaleRecovery sale={sale} staffName={props.staffName} />

      <EsimTabs esims={sale.esims} index={index} onSelect={setIndex} />

      {esim && (
        <p className="iccid">
          <span className="label">ICCID</span>
          <bdi className="iccid-digits" dir="ltr">
            {groupIccid(esim.iccid)}
          </bdi>
        </p>
      )}
      {esim && <RefundLine refund={props.refunds.find((r) => r.iccid === esim.iccid) ?? null} />}
      {requested && (
        <p className="notice good" role="status" ref={requestedNotice} tabIndex={-1}>
          <Trans
            t={t}
            i18nKey="refunds:form.requested"
            count={requested.iccids.length}
            values={{ reference: requested.partnerId ?? '—' }}
            components={{ strong: <strong /> }}
          />
        </p>
      )}
      {sale.status === 'completed' && props.canRefund && !refunding && refundable(sale, props.refunds).length > 0 && (
        <div className="actions">
          <button
            ref={refundButton}
            type="button"
            className="button secondary"
            onClick={() => {
              setRequested(null);
              setRefunding(true);
            }}
          >
            {t('refund.start')}
          </button>
        </div>
      )}
      {refunding && (
        <Suspense fallback={<p className="muted">{t('refund.loading')}</p>}>
          <SaleRefund
            sale={sale}
            refunds={props.refunds}
            onCancel={() => {
              setRefunding(false);
              // Back to where the manager started from.
              setTimeout(() => refundButton.current?.focus());
            }}
            onDone={(refund) => {
              setRefunding(false);
              setRequested(refund);
              props.onRefunded();
            }}
          />
        </Suspense>
      )}

      {sale.status === 'completed' && esim && masked && !asking && (
        <div className="masked-box">
          <p className="muted">
            <span aria-hidden="true">🔒</span> {t('detail.hidden')}
          </p>
          <button type="button" className="button primary big" onClick={() => setAsking(true)}>
            {t('detail.showAgain')}
          </button>
        </div>
      )}
      {asking && masked && (
        <ManagerApproval
          managers={props.managers}
          busy={revealBusy}
          error={revealError}
          onEdit={props.onClearRevealError}
          onCancel={() => {
            setAsking(false);
            props.onClearRevealError();
          }}
          onApprove={async (managerId, pin) => {
            const ok = await props.onReveal(managerId, pin);
            if (ok) {
              setAsking(false);
              setApprovedAt(Date.now());
            }
            return ok;
          }}
        />
      )}

      {esim && !esim.masked && (
        <>
          {approvedAt && (
            <p className="notice good" role="status">
              {t('detail.approved')}
            </p>
          )}
          {/* The buttons first: re-showing or reprinting is why the clerk asked. */}
          <div className="actions">
            <button
              type="button"
              className="button primary"
              disabled={showing}
              onClick={() => {
                setShowing(true);
                void props.onShowOnDisplay().finally(() => setShowing(false));
              }}
            >
              {showing ? t('detail.showing') : t('detail.showOnDisplay')}
            </button>
            <button type="button" className="button secondary" onClick={() => void print('80mm').then(setPrinted)}>
              {t('detail.reprint')}
            </button>
            <button type="button" className="button secondary" onClick={() => void print('a4').then(setPrinted)}>
              {t('detail.printA4')}
            </button>
          </div>
          <PrintNotice result={printed} />
          <div className="detail-codes">
            <EsimCodes esim={esim} size={220} appleSize={140} />
          </div>
          <DisplayNotices display={display} saleId={sale.id} error={displayError} />
          <Voucher sale={sale} paper={paper} storeName={storeName} environment={environment} />
        </>
      )}

      {/* Keys unique among these siblings: one shared with the guide below let React duplicate the list. */}
      {sale.status === 'completed' && esim && <EsimPackages key={`packages:${esim.iccid}`} iccid={esim.iccid} />}
      {sale.status === 'completed' && esim && !asking && <EsimDelivery key={`delivery-${esim.iccid}`} sale={sale} esim={esim} />}
      {/* Masked too: a customer back at the counter may only need the steps, not the QR again. */}
      {sale.status === 'completed' && esim && !asking && <InstallGuide key={esim.iccid} esim={esim} />}
    </section>
  );
}

/** Where this eSIM's latest refund request stands, in words. */
function RefundLine({ refund }: { refund: EsimRefund | null }) {
  const { t } = useTranslation('history');
  const f = useFormats();
  if (!refund) return null;
  return (
    <p className="refund-line">
      {/* The dash keeps the chip's words and the sentence apart when read aloud or copied ("Refund requested — asked on…"). */}
      <span className={`chip refund-chip refund-${refund.state}`}>{t(`refund.state.${refund.state}`)}</span>
      <span className="muted small">
        {' — '}
        {t(`refund.since.${refund.state}`, { date: f.day(localDate(refund.requestedAt, f.timeZone)) })}
      </span>
    </p>
  );
}
