import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackageOffer } from '../../../../shared/catalog.ts';
import type { Loadable } from '../../state/catalog.ts';
import { describeError } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import { coverageWords, dataWords, daysWords } from '../esim/package-words.ts';

type Props = {
  packages: Loadable<readonly PackageOffer[]>;
  /** The chosen place's name in the reader's language. */
  countryName: string | undefined;
  onRetry(): void;
  onPick(offer: PackageOffer): void;
  /** Changes when the clerk has just picked a country: the first card takes the focus. */
  focusToken: number;
  /** Packages the service said were sold out during this sale: shown, marked, not offered. */
  soldOut?: readonly string[];
};

const KIND_ORDER: Record<PackageOffer['kind'], number> = { local: 0, regional: 1, global: 2 };

/**
 * Local offers first (usually the best network for the trip), then by data, days and price, so a
 * clerk finds "3 GB for 30 days" where the eye expects it. Unlimited comes after the largest.
 */
export function sortOffers(offers: readonly PackageOffer[]): PackageOffer[] {
  const data = (o: PackageOffer) => (o.isUnlimited ? Number.POSITIVE_INFINITY : o.dataMb);
  return [...offers].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || data(a) - data(b) || a.days - b.days || a.retail.minor - b.retail.minor,
  );
}

export function PackageList({ packages, countryName, onRetry, onPick, focusToken, soldOut = [] }: Props) {
  const { t } = useTranslation(['sell', 'common']);
  const f = useFormats();
  const list = useRef<HTMLUListElement>(null);
  const sorted = useMemo(() => (packages.status === 'ready' ? sortOffers(packages.value) : []), [packages]);

  useEffect(() => {
    if (focusToken > 0 && sorted.length > 0) list.current?.querySelector<HTMLButtonElement>('button:enabled')?.focus();
  }, [focusToken, sorted]);

  if (packages.status === 'idle') return <p className="muted">{t('packages.pickCountry')}</p>;
  if (packages.status === 'loading')
    return (
      <p className="muted loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('packages.loading')}
      </p>
    );
  if (packages.status === 'failed')
    return (
      <div className="notice error" role="alert">
        <p>{describeError(packages.error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('common:action.tryAgain')}
        </button>
      </div>
    );
  if (sorted.length === 0)
    return <p className="muted">{countryName ? t('packages.noneFor', { place: countryName }) : t('packages.none')}</p>;

  // Arrow keys walk the cards like a grid of buttons; Tab still works as usual. Right to left, the
  // left arrow goes on to the next card, as the eye reads.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
    const step = { ArrowRight: forward, ArrowDown: 1, ArrowLeft: -forward, ArrowUp: -1 }[event.key];
    if (!step) return;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button.package-card:enabled') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, index + step))]?.focus();
  };

  return (
    <ul className="package-grid" aria-label={t('packages.label')} ref={list} onKeyDown={onKeyDown}>
      {sorted.map((offer) => {
        const gone = soldOut.includes(offer.id);
        return (
          <li key={offer.id} data-package-id={offer.id}>
            <button
              type="button"
              className={`package-card kind-${offer.kind}${gone ? ' sold-out' : ''}`}
              disabled={gone}
              onClick={() => onPick(offer)}
            >
              <span className="package-top">
                <span className="package-data">{dataWords(offer.dataText, f)}</span>
                <span className="package-days">{daysWords(offer.days)}</span>
              </span>
              <span className="package-price">{f.money(offer.retail)}</span>
              <span className="package-details">
                <span className={`chip chip-${offer.kind}`}>
                  {offer.kind === 'local'
                    ? t(`common:package.kind.local`)
                    : t('packages.coverage', { kind: t(`common:package.kind.${offer.kind}`), place: coverageWords(offer, f) })}
                </span>
                {offer.voiceMinutes ? (
                  <span className="chip">{t('common:package.minutes', { count: offer.voiceMinutes })}</span>
                ) : null}
                {offer.textMessages ? (
                  <span className="chip">{t('common:package.texts', { count: offer.textMessages })}</span>
                ) : null}
              </span>
              <span className="package-operator">{offer.operator}</span>
              {gone && <span className="sold-out-mark">{t('packages.soldOut')}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
