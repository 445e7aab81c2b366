import { Trans, useTranslation } from 'react-i18next';
import type { SaleView } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';
import { openScreen } from '../../nav.ts';
import type { CheckoutEntries } from '../../state/checkout.ts';
import { useStore } from '../../state/store.ts';
import { groupIccid } from '../esim/EsimCodes.tsx';
import { packageWords } from '../esim/package-words.ts';
import { paymentWords } from './checkout.ts';
import './sell-notes.css';

/** Digits in groups, kept left to right inside a sentence of any direction (Unicode isolates). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** A scanned or typed ICCID in the country search: this customer came for a top-up. */
export function IccidOffer({ iccid }: { iccid: string }) {
  const { t } = useTranslation('sell');
  return (
    <div className="notice warn iccid-offer" role="status">
      <p>
        <Trans t={t} i18nKey="notes.iccid" values={{ iccid: ltr(groupIccid(iccid)) }} components={{ b: <strong /> }} />
      </p>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          useStore.getState().handOffIccid(iccid);
          openScreen('topup');
        }}
      >
        {t('notes.topUp')}
      </button>
    </div>
  );
}

/** What the clerk entered, kept while another package is chosen; Start over forgets it. */
export function KeptEntries({ entries, onStartOver }: { entries: CheckoutEntries; onStartOver(): void }) {
  const { t } = useTranslation(['sell', 'common']);
  const parts = [
    t('notes.esims', { count: entries.quantity }),
    entries.paymentMethod ? t('notes.paymentTaken', { payment: paymentWords(entries.paymentMethod) }) : null,
    entries.email.trim() || null,
  ].filter((p) => p !== null);
  return (
    <div className="kept-entries" role="note">
      <p>
        {/* Not through <Trans>: the e-mail is what the clerk typed, and markup in it must stay text. */}
        <strong>{t('notes.kept')}</strong> {parts.join(' · ')}
      </p>
      <button type="button" className="button small secondary" onClick={onStartOver}>
        {t('common:action.startOver')}
      </button>
    </div>
  );
}

/** Sales set aside while still being checked: the next customer is served, these are not forgotten. */
export function AsideSales({ sales }: { sales: readonly SaleView[] }) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  return (
    <div className="notice warn aside-sales" role="note" aria-label={t('notes.aside')}>
      {sales.map((sale) => (
        <p key={sale.id}>
          <span className="spinner" aria-hidden="true" />{' '}
          <Trans
            t={t}
            i18nKey="notes.stillChecking"
            values={{
              reference: sale.reference,
              package: packageWords(sale.packageData, sale.packageDays, f),
              total: f.money(sale.total),
            }}
            components={{ b: <strong /> }}
          />
        </p>
      ))}
    </div>
  );
}
