import { formatMb, shareLeft } from './usage-words.ts';

type Props = { remainingMb: number | null; totalMb: number | null; isUnlimited: boolean };

const R = 70;
const C = 2 * Math.PI * R;

/** Data left as a ring: the coloured part is what is left. Words inside for those who do not read rings. */
export function UsageRing({ remainingMb, totalMb, isUnlimited }: Props) {
  const share = isUnlimited ? 1 : shareLeft(remainingMb, totalMb);
  const tone = share === null ? 'none' : share <= 0.1 ? 'low' : share <= 0.25 ? 'mid' : 'ok';
  const label = isUnlimited
    ? 'Unlimited data'
    : remainingMb !== null && totalMb !== null
      ? `${formatMb(remainingMb)} left of ${formatMb(totalMb)}`
      : 'Data left not known';
  return (
    <figure className={`usage-ring tone-${tone}`} role="img" aria-label={label}>
      <svg viewBox="0 0 180 180" width="180" height="180" aria-hidden="true">
        <circle cx="90" cy="90" r={R} className="ring-track" />
        {share !== null && (
          <circle
            cx="90"
            cy="90"
            r={R}
            className="ring-fill"
            strokeDasharray={`${share * C} ${C}`}
            transform="rotate(-90 90 90)"
          />
        )}
      </svg>
      <figcaption aria-hidden="true">
        {isUnlimited ? (
          <strong>Unlimited</strong>
        ) : remainingMb !== null ? (
          <>
            <strong>{formatMb(remainingMb)}</strong>
            <span>left{totalMb !== null ? ` of ${formatMb(totalMb)}` : ''}</span>
          </>
        ) : (
          <strong>—</strong>
        )}
      </figcaption>
    </figure>
  );
}
