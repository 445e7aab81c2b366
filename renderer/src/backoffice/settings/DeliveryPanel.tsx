import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARING_OPTIONS, type DeliveryOptions, type SharingOption } from '../../../../shared/delivery.ts';
import { looksLikeEmail } from '../../../../shared/email.ts';
import { forgetDeliveryOptions } from '../../counter/sell/EmailDelivery.tsx';
import { describeError } from '../../errors.ts';
import { ErrorNotice, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { apiKey, queryClient, useApiMutation, useApiQuery } from '../common/query.tsx';
import '../../counter/sell/delivery.css';

/**
 * How the eSIM service e-mails a sold eSIM: the store's copy address, the partner's brands the
 * store uses (the partner's API cannot list them: a manager writes them as the platform has them),
 * and what a new sale starts with.
 */
export function DeliveryPanel() {
  const { t } = useTranslation(['delivery', 'manager']);
  const read = useApiQuery('delivery.options', {});
  const loadError = read.error;
  const [saved, setSaved] = useState<DeliveryOptions | null>(null);
  const [storeEmail, setStoreEmail] = useState('');
  const [brands, setBrands] = useState('');
  const [defaultBrand, setDefaultBrand] = useState('');
  const [sharing, setSharing] = useState<SharingOption[]>(['link']);
  const saving = useApiMutation('delivery.setOptions');
  const busy = saving.isPending;
  const [message, setMessage] = useState<Outcome>(null);

  const show = (options: DeliveryOptions) => {
    setSaved(options);
    setStoreEmail(options.storeEmail ?? '');
    setBrands(options.brands.join('\n'));
    setDefaultBrand(options.defaultBrand ?? '');
    setSharing([...options.defaultSharing]);
  };

  // The form starts from the options as first read; after a save it shows what was saved.
  if (read.data && !saved) show(read.data);

  const list = [
    ...new Set(
      brands
        .split('\n')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  ];
  const emailOk = storeEmail.trim() === '' || looksLikeEmail(storeEmail);

  const save = () => {
    setMessage(null);
    saving.mutate(
      {
        storeEmail: storeEmail.trim() || null,
        brands: list,
        defaultBrand: defaultBrand && list.includes(defaultBrand) ? defaultBrand : null,
        defaultSharing: sharing,
      },
      {
        onError: (failure) => setMessage({ ok: false, text: describeError(failure) }),
        onSuccess: (options) => {
          forgetDeliveryOptions();
          queryClient.setQueryData(apiKey('delivery.options', {}), options);
          show(options);
          setMessage({ ok: true, text: t('settings.saved') });
        },
      },
    );
  };

  return (
    <form
      className="panel settings-form delivery-settings"
      aria-label={t('settings.region')}
      onSubmit={(event) => {
        event.preventDefault();
        if (emailOk && !busy) save();
      }}
    >
      <h2>{t('settings.heading')}</h2>
      <p className="muted">{t('settings.about')}</p>
      <ErrorNotice error={loadError} />
      {saved && (
        <>
          <label>
            {t('settings.storeEmail')}
            <input
              className="text-input"
              type="email"
              value={storeEmail}
              aria-invalid={!emailOk}
              aria-describedby="delivery-store-email-hint"
              onChange={(e) => {
                setStoreEmail(e.target.value);
                setMessage(null);
              }}
            />
            <span id="delivery-store-email-hint" className="hint">
              {t('settings.storeEmailHint')}
            </span>
          </label>
          <label>
            {t('settings.brands')}
            <textarea
              className="text-input"
              value={brands}
              rows={3}
              aria-describedby="delivery-brands-hint"
              onChange={(e) => {
                setBrands(e.target.value);
                setMessage(null);
              }}
            />
            <span id="delivery-brands-hint" className="hint">
              {t('settings.brandsHint')}
            </span>
          </label>
          <label>
            {t('settings.defaultBrand')}
            <select
              className="text-input"
              value={list.includes(defaultBrand) ? defaultBrand : ''}
              onChange={(e) => setDefaultBrand(e.target.value)}
            >
              <option value="">{t('checkout.brandNone')}</option>
              {list.map((brand) => (
                <option key={brand} value={brand}>
                  {brand}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="choice-row">
            <legend>{t('settings.defaultSharing')}</legend>
            {SHARING_OPTIONS.map((option) => {
              const on = sharing.includes(option);
              return (
                <label key={option} className="check-line">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={on && sharing.length === 1}
                    onChange={(e) =>
                      setSharing(SHARING_OPTIONS.filter((o) => (o === option ? e.target.checked : sharing.includes(o))))
                    }
                  />{' '}
                  {t(`checkout.${option}`)}
                </label>
              );
            })}
          </fieldset>
          <div className="actions">
            <button type="submit" className="button primary" disabled={busy || !emailOk}>
              {t('settings.save')}
            </button>
            <OutcomeNotice outcome={message} />
          </div>
        </>
      )}
    </form>
  );
}
