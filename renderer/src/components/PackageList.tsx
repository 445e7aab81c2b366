import type { PackageOffer } from '../../../shared/catalog.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Loadable } from '../state/catalog.ts';
import { describeError } from '../errors.ts';

type Props = {
  packages: Loadable<readonly PackageOffer[]>;
  countryName: string | undefined;
  onRetry(): void;
};

const KIND_LABEL: Record<PackageOffer['kind'], string> = { local: 'Local', regional: 'Regional', global: 'Global' };

export function PackageList({ packages, countryName, onRetry }: Props) {
  if (packages.status === 'idle') return <p className="muted">Pick a country to see its packages.</p>;
  if (packages.status === 'loading')
    return (
      <p className="muted" role="status">
        Loading packages…
      </p>
    );
  if (packages.status === 'failed')
    return (
      <div className="notice error" role="alert">
        <p>{describeError(packages.error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  if (packages.value.length === 0) return <p className="muted">No packages are offered for {countryName ?? 'this country'} right now.</p>;

  return (
    <ul className="package-grid" aria-label="Packages">
      {packages.value.map((offer) => (
        <li key={offer.id} className={`package-card kind-${offer.kind}`} data-package-id={offer.id}>
          <div className="package-top">
            <span className="package-data">{offer.dataText}</span>
            <span className="package-days">{offer.days} days</span>
          </div>
          <div className="package-price">{formatMoney(offer.retail)}</div>
          <div className="package-details">
            <span className={`chip chip-${offer.kind}`}>
              {KIND_LABEL[offer.kind]}
              {offer.kind !== 'local' && `: ${offer.coverageName}`}
            </span>
            {offer.voiceMinutes ? <span className="chip">{offer.voiceMinutes} min calls</span> : null}
            {offer.textMessages ? <span className="chip">{offer.textMessages} SMS</span> : null}
          </div>
          <div className="package-operator">{offer.operator}</div>
        </li>
      ))}
    </ul>
  );
}
