import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryOptions, EsimDelivery as Delivery } from '../../../../shared/delivery.ts';
import type { AppError } from '../../../../shared/errors.ts';
import { CUSTOMER_LANGUAGES, endonym, type CustomerLanguage } from '../../../../shared/languages.ts';
import type { EsimView, SaleView } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { i18n, loadNamespaces } from '../../i18n/i18n.ts';
import { useStore } from '../../state/store.ts';
import { AppErrorNotice } from '../../ui/AppErrorNotice.tsx';
import '../sell/delivery.css';

type Props = { sale: SaleView; esim: EsimView };

/** The customer's e-mail, ready for the mail program: the eSIM's page and its access code, in their language. */
export function mailtoOf(shared: Delivery, language: string, storeName: string): string {
  const t = i18n.getFixedT(language, 'giftcard');
  const subject = t('mail.subject');
  const body = t('mail.body', { link: shared.link ?? '', code: shared.accessCode ?? '—', store: storeName });
  return `mailto:${encodeURIComponent(shared.customerEmail ?? '')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * A sold eSIM's brand at the service, changed here from the store's list, and "send again": the
 * service cannot e-mail an eSIM a second time, but where it keeps a page for the eSIM the clerk
 * sends that page and its access code from the counter's mail program. Said plainly where it has none.
 */
export function EsimDelivery({ sale, esim }: Props) {
  const { t } = useTranslation('delivery');
  const storeName = useStore((s) => s.info?.name ?? '');
  const [state, setState] = useState<Delivery | null>(null);
  const [options, setOptions] = useState<DeliveryOptions | null>(null);
  const [brand, setBrand] = useState<string>('');
  const [busy, setBusy] = useState<'brand' | 'send' | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [shared, setShared] = useState<Delivery | null>(null);
  const [language, setLanguage] = useState<CustomerLanguage>(useStore.getState().customerLanguage);

  useEffect(() => {
    let live = true;
    void api()
      .call('esims.delivery', { iccid: esim.iccid })
      .then((result) => {
        if (!live) return;
        if (result.ok) {
          setState(result.value);
          setBrand(result.value.brand ?? '');
        } else setError(result.error);
      });
    void api()
      .call('delivery.options', {})
      .then((result) => live && result.ok && setOptions(result.value));
    return () => {
      live = false;
    };
  }, [esim.iccid]);

  useEffect(() => {
    void loadNamespaces(language, ['giftcard']);
  }, [language]);

  const changeBrand = () => {
    setBusy('brand');
    setError(null);
    setSaid(null);
    void api()
      .call('esims.setBrand', { iccid: esim.iccid, brand: brand || null })
      .then((result) => {
        setBusy(null);
        if (!result.ok) return setError(result.error);
        setState(result.value);
        // A page fetched before names the old brand: the clerk sends the new one again.
        setShared(null);
        setSaid(result.value.brand ? t('esim.changed', { brand: result.value.brand }) : t('esim.changedNone'));
      });
  };

  const sendAgain = () => {
    setBusy('send');
    setError(null);
    setSaid(null);
    void api()
      .call('esims.sendAgain', { iccid: esim.iccid })
      .then((result) => {
        setBusy(null);
        if (result.ok) setShared(result.value);
        else setError(result.error);
      });
  };

  const brands = options?.brands ?? [];
  return (
    <section className="esim-delivery" aria-labelledby={`delivery-${esim.iccid}`}>
      <h3 id={`delivery-${esim.iccid}`}>{t('esim.heading')}</h3>
      {sale.delivery && sale.delivery.sharing.length > 0 && (
        <p className="muted small">
          {t('esim.sentAs', { what: sale.delivery.sharing.map((o) => t(`checkout.${o}`)).join(' + ') })}
          {sale.delivery.copyTo && <> {t('esim.copied', { email: sale.delivery.copyTo })}</>}
        </p>
      )}
      {!state && !error && <p className="muted">{t('esim.loading')}</p>}
      {state && (
        <>
          <div className="esim-delivery-row">
            {brands.length > 0 ? (
              <>
                <label className="field">
                  <span className="label">{t('esim.brand')}</span>
                  <select className="text-input" value={brand} onChange={(e) => setBrand(e.target.value)}>
                    <option value="">{t('esim.brandNone')}</option>
                    {/* The eSIM's current brand stays choosable even if the list no longer has it. */}
                    {[...new Set([...(state.brand ? [state.brand] : []), ...brands])].map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy !== null || brand === (state.brand ?? '')}
                  onClick={changeBrand}
                >
                  {busy === 'brand' ? t('esim.changing') : t('esim.change')}
                </button>
              </>
            ) : (
              <p>
                {t('esim.brand')}: <bdi>{state.brand ?? t('esim.brandNone')}</bdi>{' '}
                <span className="muted small">{t('esim.noBrands')}</span>
              </p>
            )}
          </div>
          {!state.canSendAgain ? (
            <p className="notice warn">{t('esim.notOffered')}</p>
          ) : esim.masked ? (
            <p className="muted">{t('esim.needsApproval')}</p>
          ) : (
            !shared && (
              <button type="button" className="button secondary" disabled={busy !== null} onClick={sendAgain}>
                {busy === 'send' ? t('esim.sending') : t('esim.sendAgain')}
              </button>
            )
          )}
        </>
      )}
      <div role="status" aria-live="polite">
        {said && <p className="notice good">{said}</p>}
      </div>
      {shared && (
        <div className="share-again" data-testid="send-again">
          <p>{t('esim.ready')}</p>
          <dl className="summary compact">
            <dt>{t('esim.page')}</dt>
            <dd className="share-link">
              <bdi dir="ltr">{shared.link}</bdi>
            </dd>
            <dt>{t('esim.accessCode')}</dt>
            <dd>
              <bdi dir="ltr">{shared.accessCode ?? '—'}</bdi>
            </dd>
          </dl>
          <div className="esim-delivery-row">
            <label className="field">
              <span className="label">{t('esim.language')}</span>
              <select className="text-input" value={language} onChange={(e) => setLanguage(e.target.value as CustomerLanguage)}>
                {CUSTOMER_LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {endonym(code)}
                  </option>
                ))}
              </select>
            </label>
            <a className="button primary" href={mailtoOf(shared, language, storeName)}>
              {shared.customerEmail ? t('esim.write', { email: shared.customerEmail }) : t('esim.writeNoAddress')}
            </a>
          </div>
        </div>
      )}
      {error && <AppErrorNotice error={error} />}
    </section>
  );
}
