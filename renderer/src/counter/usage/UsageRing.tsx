import { useTranslation } from 'react-i18next';
import { useFormats } from '../../i18n/format.ts';
import { formatMb, shareLeft } from './usage-words.ts';

type Props = { remainingMb: number | null; totalMb: number | null; isUnlimited: boolean };

const R = 70;
const C = 2 * Math.PI * R;

/** Data left as a ring: the coloured part is what is left. Words inside for those who do not read rings. */
export function UsageRing({ remainingMb, totalMb, isUnlimited }: Props) {
  const { t, i18n } = useTranslation('usage');
  const f = useFormats();
  const share = isUnlimited ? 1 : shareLeft(remainingMb, totalMb);
  const tone = share === null ? 'none' : share <= 0.1 ? 'low' : share <= 0.25 ? 'mid' : 'ok';
  const label = isUnlimited
    ? t('ring.unlimitedData')
    : remainingMb !== null && totalMb !== null
      ? t('ring.leftOf', { left: formatMb(remainingMb, f), total: formatMb(totalMb, f) })
      : t('ring.unknown');
  return (
    // A div, not a figure: a figure may not take the role img, and the ring is one picture with one name.
    <div className={`usage-ring tone-${tone}`} role="img" aria-label={label}>
      <svg viewBox="0 0 180 180" width="180" height="180" aria-hidden="true">
        <circle cx="90" cy="90" r={R} className="ring-track" />
        {share !== null && (
          <circle
            cx="90"
            cy="90"
            r={R}
            className="ring-fill"
            strokeDasharray={`${share * C} ${C}`}
            // From the top, clockwise; counter-clockwise in a right-to-left language, as the page mirrors.
            transform={i18n.dir() === 'rtl' ? 'matrix(-1 0 0 1 180 0) rotate(-90 90 90)' : 'rotate(-90 90 90)'}
          />
        )}
      </svg>
      <div className="ring-words" aria-hidden="true">
        {isUnlimited ? (
          <strong>{t('ring.unlimited')}</strong>
        ) : remainingMb !== null ? (
          <>
            <strong>{formatMb(remainingMb, f)}</strong>
            <span>{totalMb !== null ? t('ring.leftOfTotal', { total: formatMb(totalMb, f) }) : t('ring.left')}</span>
          </>
        ) : (
          <strong>—</strong>
        )}
      </div>
    </div>
  );
}
