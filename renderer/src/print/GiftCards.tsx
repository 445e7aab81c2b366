import { createPortal } from 'react-dom';
import type { Environment } from '../../../shared/contract.ts';
import { practiceMark } from '../../../shared/display.ts';
import { isRtl, type CustomerLanguage } from '../../../shared/languages.ts';
import type { VoucherBatchView } from '../../../shared/vouchers.ts';
import { Barcode } from '../ui/Barcode.tsx';
import { batchPlace } from '../counter/vouchers/voucher-words.ts';
import { customerFormats } from '../i18n/format.ts';
import { i18n } from '../i18n/i18n.ts';
import type { Paper } from './Voucher.tsx';
import { isolate } from '../ui/isolate.ts';

type Props = {
  batch: VoucherBatchView;
  /** The customer's language: the card's words, its numbers and its place names. */
  language: CustomerLanguage;
  paper: Paper;
  storeName: string;
  environment: Environment;
};

/**
 * The gift cards of a voucher batch, one page per code, in the customer's language (its words
 * loaded before printing: useGiftCardPrint). Print-only, outside #root like the voucher, with the
 * same paper rules (print.css); the code is large text and a barcode, so it reads either way.
 */
export function GiftCards({ batch, language, paper, storeName, environment }: Props) {
  const t = i18n.getFixedT(language, ['giftcard', 'voucher']);
  const f = customerFormats(language);
  const mark = practiceMark(environment);
  const banner = environment === 'production' || !mark ? null : t(`voucher:practice.${environment}`, { mark });
  const receipt = paper === '80mm';
  return createPortal(
    <div className={`print-root paper-${paper}`} data-testid="gift-cards" lang={language} dir={isRtl(language) ? 'rtl' : 'ltr'}>
      {batch.codes.map((code, index) => (
        <article key={code} className="voucher giftcard">
          <header className="voucher-head">
            <div className="voucher-store">{storeName}</div>
            <div className="giftcard-title">{t('title')}</div>
          </header>
          {banner && <div className="voucher-banner">{banner}</div>}
          <div className="voucher-package">
            {/* The data amount isolated, so "1 GB" stays one run beside right-to-left words. */}
            <strong>{t('package', { data: isolate(batch.packageData), count: batch.packageDays })}</strong>
            <span>{t('worksIn', { place: batchPlace(batch, f) })}</span>
            <span className="voucher-price">{f.money(batch.unitPrice)}</span>
          </div>
          <div className="giftcard-code">
            <div className="giftcard-code-label">{t('code')}</div>
            <div className="giftcard-code-text" dir="ltr" data-testid="gift-card-code">
              {code}
            </div>
            <Barcode value={code} height={receipt ? 48 : 56} moduleWidth={receipt ? 1.5 : 2} label={code} />
          </div>
          <p>{t('howTo')}</p>
          <p className="voucher-small">{t('days')}</p>
          <footer className="voucher-small giftcard-foot">
            {batch.bookingReference && <bdi>{t('booking', { reference: batch.bookingReference })}</bdi>}
            {batch.codes.length > 1 && <span>{t('cardOf', { index: index + 1, total: batch.codes.length })}</span>}
            <span>{f.date(batch.completedAt ?? batch.createdAt)}</span>
          </footer>
        </article>
      ))}
    </div>,
    document.body,
  );
}
