import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Environment } from '../../../../shared/contract.ts';
import type { TopupView } from '../../../../shared/sales.ts';
import { describeSaleFailure } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { printPage } from '../../print/printPage.ts';
import { TopupReceipt } from '../../print/TopupReceipt.tsx';
import { EsimPackages } from '../esim/EsimPackages.tsx';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { isolate } from '../../ui/isolate.ts';
import { paymentWords } from '../sell/checkout.ts';
import { topupStatusLabel } from './history-words.ts';

type Props = {
  topup: TopupView;
  staffName(id: string): string;
  storeName: string;
  environment: Environment;
  onTopUpAgain(): void;
  onClose(): void;
};

/**
 * One top-up of the history: what was added to which eSIM, its receipt printed again (it holds no
 * secret, so no manager is asked), and what the eSIM has now at the service.
 */
export function TopupDetail({ topup, staffName, storeName, environment, onTopUpAgain, onClose }: Props) {
  const { t } = useTranslation(['history', 'topup']);
  const f = useFormats();
  const heading = useRef<HTMLHeadingElement>(null);
  const days = t('topup:days', { count: topup.packageDays });
  const failure = topup.status === 'failed' || topup.status === 'not_found' ? describeSaleFailure(topup.failure) : null;
  const completed = topup.status === 'completed';

  // The list gives each top-up its own instance (key): the focus goes to the one just opened.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="panel sale-detail topup-detail" aria-labelledby="topup-detail-heading">
      <div className="detail-head">
        <h2 id="topup-detail-heading" ref={heading} tabIndex={-1}>
          {t('topupDetail.heading', { data: isolate(topup.packageData), days })}
        </h2>
        <button type="button" className="button small ghost" onClick={onClose} aria-label={t('topupDetail.close')}>
          ✕
        </button>
      </div>
      <dl className="summary compact">
        <dt>{t('detail.reference')}</dt>
        <dd>{topup.reference}</dd>
        {topup.partnerOrderCode && (
          <>
            <dt>{t('detail.orderCode')}</dt>
            <dd>{topup.partnerOrderCode}</dd>
          </>
        )}
        <dt>{t('detail.status')}</dt>
        <dd>{topupStatusLabel(topup.status)}</dd>
        <dt>{t('topupDetail.esim')}</dt>
        <dd className="iccid-digits">
          <bdi dir="ltr">{groupIccid(topup.iccid)}</bdi>
        </dd>
        <dt>{t('topup:result.added')}</dt>
        <dd>
          {t('topup:result.addedValue', { data: isolate(topup.packageData), days })}{' '}
          <span className="muted">
            (<bdi>{topup.packageTitle}</bdi>)
          </span>
        </dd>
        <dt>{t('topupDetail.when')}</dt>
        <dd>{t('detail.soldBy', { when: f.dateTime(topup.completedAt ?? topup.createdAt), name: staffName(topup.staffId) })}</dd>
        <dt>{t('detail.total')}</dt>
        <dd>
          {f.money(topup.total)} · {paymentWords(topup.paymentMethod)}
        </dd>
      </dl>
      {failure && (
        <p className="notice error">
          {failure.words} {failure.detail && <span className="small">({failure.detail})</span>}
        </p>
      )}
      {!completed && !failure && <p className="notice warn">{t('topupDetail.unsettled')}</p>}
      <div className="actions">
        {completed && (
          <button type="button" className="button primary" onClick={() => void printPage('receipt80')}>
            {t('topupDetail.reprint')}
          </button>
        )}
        <button type="button" className="button secondary" onClick={onTopUpAgain}>
          {t('topupDetail.topUpAgain')}
        </button>
      </div>
      <EsimPackages key={topup.iccid} iccid={topup.iccid} />
      {completed && <TopupReceipt topup={topup} storeName={storeName} environment={environment} />}
    </section>
  );
}
