import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryOptions, SharingOption } from '../../../../shared/delivery.ts';
import { SHARING_OPTIONS } from '../../../../shared/delivery.ts';
import type { InputOf } from '../../../../shared/contract.ts';
import { api } from '../../api.ts';
import './delivery.css';
import type { Checkout, CheckoutDelivery } from './checkout.ts';

let options: Promise<DeliveryOptions | null> | null = null;

/** The store's e-mail choices, asked once per window; a failure asks again next time. */
function deliveryOptions(): Promise<DeliveryOptions | null> {
  options ??= api()
    .call('delivery.options', {})
    .then((result) => {
      if (!result.ok) options = null;
      return result.ok ? result.value : null;
    });
  return options;
}

/** Settings changed: the next checkout asks again. */
export function forgetDeliveryOptions(): void {
  options = null;
}

/** The clerk's choices as sales.create takes them; none when nothing was changed (the store's defaults apply). */
export function deliveryInput(checkout: Checkout): Pick<InputOf<'sales.create'>, 'sharing' | 'copyToStore' | 'brand'> {
  const chosen = checkout.delivery;
  if (!chosen) return {};
  const withEmail = checkout.email.trim() !== '';
  return {
    ...(withEmail ? { sharing: [...chosen.sharing], copyToStore: chosen.copyToStore } : {}),
    brand: chosen.brand,
  };
}

/** The clerk's choices, or the store's defaults where the clerk changed nothing. */
function chosenOrDefault(checkout: Checkout, store: DeliveryOptions): CheckoutDelivery {
  return checkout.delivery ?? { sharing: [...store.defaultSharing], copyToStore: false, brand: store.defaultBrand };
}

/** The e-mail's choices and the brand on the Confirm step's summary, as rows of its list. */
export function DeliverySummary({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation('delivery');
  const store = useDeliveryOptions();
  if (!store) return null;
  const current = chosenOrDefault(checkout, store);
  const withEmail = checkout.email.trim() !== '';
  const copy = current.copyToStore && store.storeEmail ? t('checkout.copy', { email: store.storeEmail }) : null;
  return (
    <>
      {withEmail && (
        <>
          <dt>{t('checkout.legend')}</dt>
          <dd>{[current.sharing.map((o) => t(`checkout.${o}`)).join(' + '), copy].filter(Boolean).join(' · ')}</dd>
        </>
      )}
      {(store.brands.length > 0 || current.brand) && (
        <>
          <dt>{t('checkout.brand')}</dt>
          <dd>
            <bdi>{current.brand ?? t('checkout.brandNone')}</bdi>
          </dd>
        </>
      )}
    </>
  );
}

/** The store's e-mail choices once they have been read; null until then, or when they could not be. */
function useDeliveryOptions(): DeliveryOptions | null {
  const [store, setStore] = useState<DeliveryOptions | null>(null);
  useEffect(() => {
    let live = true;
    void deliveryOptions().then((value) => live && setStore(value));
    return () => {
      live = false;
    };
  }, []);
  return store;
}

type Props = { checkout: Checkout; onChange(patch: { delivery: CheckoutDelivery }): void };

/**
 * How the service e-mails the eSIM (a link, a PDF or both), a copy to the store, and the
 * partner's brand: shown when the manager has set them up; the e-mail's choices once an address
 * is typed. One of link and PDF always stays ticked.
 */
export function EmailDelivery({ checkout, onChange }: Props) {
  const { t } = useTranslation('delivery');
  const store = useDeliveryOptions();

  if (!store) return null;
  const current = chosenOrDefault(checkout, store);
  const change = (patch: Partial<CheckoutDelivery>) => onChange({ delivery: { ...current, ...patch } });
  const toggle = (option: SharingOption, on: boolean) =>
    change({ sharing: SHARING_OPTIONS.filter((o) => (o === option ? on : current.sharing.includes(o))) });
  const withEmail = checkout.email.trim() !== '';

  return (
    <>
      {withEmail && (
        <fieldset className="field email-delivery">
          <legend>{t('checkout.legend')}</legend>
          <p className="hint">{t('checkout.withEmail')}</p>
          {SHARING_OPTIONS.map((option) => {
            const on = current.sharing.includes(option);
            return (
              <label key={option} className="check">
                <input
                  type="checkbox"
                  checked={on}
                  // The last one ticked stays: the service needs a link, a PDF or both.
                  disabled={on && current.sharing.length === 1}
                  onChange={(e) => toggle(option, e.target.checked)}
                />{' '}
                {t(`checkout.${option}`)}
              </label>
            );
          })}
          {store.storeEmail && (
            <label className="check">
              <input type="checkbox" checked={current.copyToStore} onChange={(e) => change({ copyToStore: e.target.checked })} />{' '}
              {t('checkout.copy', { email: store.storeEmail })}
            </label>
          )}
        </fieldset>
      )}
      {store.brands.length > 0 && (
        <label className="field">
          <span className="label">{t('checkout.brand')}</span>
          <select className="text-input" value={current.brand ?? ''} onChange={(e) => change({ brand: e.target.value || null })}>
            <option value="">{t('checkout.brandNone')}</option>
            {store.brands.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
