import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import type { TopupOffer } from '../../../../shared/sales.ts';

type Props = { offers: readonly TopupOffer[]; onPick(offer: TopupOffer): void };

/** The top-ups this eSIM can take, as large cards. Arrow keys move, Enter picks; the first has the focus. */
export function TopupOffers({ offers, onPick }: Props) {
  const { t } = useTranslation('topup');
  const f = useFormats();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [offers]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || at < 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, at + step))]?.focus();
  };

  if (offers.length === 0) {
    return (
      <p className="notice warn" role="status">
        {t('offers.none')}
      </p>
    );
  }
  return (
    <ul className="package-grid offer-grid" aria-label={t('offers.label')} ref={list} onKeyDown={onKeyDown}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <button type="button" className="package-card" data-package-id={offer.id} onClick={() => onPick(offer)}>
            <span className="package-top">
              <span className="package-data" dir="auto">
                {offer.dataText}
              </span>
              <span className="package-days">{t('days', { count: offer.days })}</span>
            </span>
            <span className="package-price">{f.money(offer.retail)}</span>
            <span className="package-details">
              <bdi>{offer.title}</bdi>
              {offer.voiceMinutes ? ` · ${t('offers.calls', { count: offer.voiceMinutes })}` : ''}
              {offer.textMessages ? ` · ${t('offers.texts', { count: offer.textMessages })}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
