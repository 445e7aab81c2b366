import { useTranslation } from 'react-i18next';
import type { DisplayState } from '../../../../shared/display.ts';
import type { Formats } from '../../i18n/format.ts';
import { placeName } from '../esim/package-words.ts';
import { DISPLAY_NAMESPACES } from './namespaces.ts';

/** The basket as the customer follows it: each line and its price, then what it all comes to. */
export function DisplayBasket({ state, f }: { state: Extract<DisplayState, { kind: 'basket' }>; f: Formats }) {
  const { t } = useTranslation(DISPLAY_NAMESPACES);
  return (
    <div className="cd-center cd-basket-view">
      <p className="cd-label">{t('display:basket.heading')}</p>
      <ol className="cd-basket-lines">
        {state.lines.map((line, i) => (
          <li key={i}>
            <span>
              {line.iccidTail ? (
                <>
                  {t('display:topup.heading')}: + <bdi>{line.package.dataText}</bdi> ·{' '}
                  {t('display:validFor', { count: line.package.days })} ·{' '}
                  {t('display:topup.esimEnding', { tail: line.iccidTail })}
                </>
              ) : (
                <>
                  {line.quantity > 1 && `${t('display:offer.quantity', { count: line.quantity })} · `}
                  <bdi>{line.package.dataText}</bdi> · {t('display:validFor', { count: line.package.days })} ·{' '}
                  <bdi>{placeName(line.package, f)}</bdi>
                </>
              )}
            </span>
            <span className="cd-basket-price">{f.money(line.price)}</span>
          </li>
        ))}
      </ol>
      <p className="cd-price">{t('display:basket.total', { amount: f.amounts(state.total) })}</p>
    </div>
  );
}
