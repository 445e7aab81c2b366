import { useTranslation } from 'react-i18next';
import type { Ending } from '../../../../shared/pricing.ts';
import { ENDINGS } from '../../../../shared/settings.ts';
import { endingWords, parseMarkupPercent } from './prices-words.ts';

type Props = {
  percent: string;
  ending: Ending;
  currency: string;
  onPercent(text: string): void;
  onEnding(ending: Ending): void;
};

/** A markup as typed and the price ending, with what is wrong with the markup in words. */
export function MarkupFields({ percent, ending, currency, onPercent, onEnding }: Props) {
  const { t } = useTranslation('prices');
  const parsed = parseMarkupPercent(percent);
  return (
    <>
      <div className="form-grid">
        <label>
          {t('rule.markupLabel')}
          <input value={percent} inputMode="decimal" aria-invalid={!parsed.ok} onChange={(e) => onPercent(e.target.value)} />
        </label>
        <label>
          {t('rule.ending')}
          <select value={ending} onChange={(e) => onEnding(e.target.value as Ending)}>
            {ENDINGS.map((value) => (
              <option key={value} value={value}>
                {endingWords(value, currency)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!parsed.ok && <p className="bad">{parsed.message}</p>}
    </>
  );
}
