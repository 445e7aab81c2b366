import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleView } from '../../../../shared/sales.ts';
import { useFormats } from '../../i18n/format.ts';

type Props = {
  sale: SaleView;
  check: { readonly busy: boolean; readonly at: number | null };
  onCheck(): void;
  onSetAside(): void;
};

/**
 * A sale whose outcome is not known yet (the answer did not come back). The backend looks it up
 * by itself; "Check now" asks at once and says what it found. The clerk may serve the next customer
 * meanwhile: the sale stays in History and is settled there, never sold twice.
 */
export function CheckingSale({ sale, check, onCheck, onSetAside }: Props) {
  const { t } = useTranslation('sell');
  const f = useFormats();
  const reference = sale.reference;
  const found = check.busy
    ? t('checking.asking', { reference })
    : check.at === null
      ? null
      : sale.status === 'uncertain'
        ? t('checking.noOrderYet', { time: f.timeWithSeconds(check.at), reference })
        : t('checking.onItsWay', { time: f.timeWithSeconds(check.at) });

  const title = useRef<HTMLParagraphElement>(null);
  // The button that sold is gone: the focus goes to what happens now, which is read out from there.
  useEffect(() => title.current?.focus(), []);

  // The backend's reason for a lost answer is the partner client's English: the words here say the same.
  return (
    <div className="notice warn checking" role="group" aria-labelledby="checking-title">
      <p id="checking-title" ref={title} tabIndex={-1}>
        <span className="spinner" aria-hidden="true" /> <strong>{t('checking.title')}</strong>
      </p>
      <p>{t('checking.noAnswer')}</p>
      <p>
        <strong>{t('checking.mustNotPay')}</strong> {t('checking.keepPayment')}
      </p>
      <div className="actions">
        <button
          type="button"
          className="button secondary"
          aria-disabled={check.busy || undefined}
          aria-busy={check.busy}
          onClick={() => !check.busy && onCheck()}
        >
          {check.busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t('checking.busy')}
            </>
          ) : (
            t('checking.checkNow')
          )}
        </button>
        <button type="button" className="button secondary" onClick={onSetAside}>
          {t('checking.serveNext')}
        </button>
      </div>
      {/* What Check now found is read out; the rest was read where the focus landed. */}
      <div role="status">{found && <p className="small check-result">{found}</p>}</div>
      <p className="small">{t('checking.leftInHistory', { reference })}</p>
    </div>
  );
}
