import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Denomination } from '../../../../shared/denominations.ts';
import type { Money } from '../../../../shared/money.ts';
import { useFormats } from '../../i18n/format.ts';
import { denominationWords, parsePieces } from './cash-count.ts';
import type { Parsed } from '../common/format.ts';
import { formatDifference } from '../common/format.ts';
import './cash-count.css';

type Props = {
  currency: string;
  table: readonly Denomination[];
  /** What was typed per value (minor units): kept by the caller, so switching to a total loses nothing. */
  typed: Readonly<Record<number, string>>;
  onChange(value: number, text: string): void;
  /** The grid read as counted cash, and its difference from the expected cash once it reads. */
  result: Parsed;
  difference: Money | null;
};

/**
 * The drawer counted note by note and coin by coin: how many of each, each line's amount, and the
 * running total that becomes the counted cash. Enter moves to the next field rather than closing
 * the day: the close is one Tab and a deliberate press away.
 */
export function DenominationCount({ currency, table, typed, onChange, result, difference }: Props) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const touched = Object.values(typed).some((text) => text.trim() !== '');
  return (
    <fieldset className="denominations" data-testid={`denominations-${currency}`}>
      <legend>{t('denominations.legend', { currency })}</legend>
      <div className="denomination-groups">
        {(['note', 'coin'] as const).map((kind) => {
          const rows = table.filter((d) => d.kind === kind);
          if (rows.length === 0) return null;
          return (
            <div key={kind} className="denomination-group" role="group" aria-label={t(`denominations.${kind}s`)}>
              <p className="denomination-kind" aria-hidden="true">
                {t(`denominations.${kind}s`)}
              </p>
              {rows.map((d) => (
                <PiecesField
                  key={d.value}
                  denomination={d}
                  currency={currency}
                  text={typed[d.value] ?? ''}
                  onChange={(text) => onChange(d.value, text)}
                />
              ))}
            </div>
          );
        })}
      </div>
      <div className="count-difference denomination-total" role="status" aria-live="polite">
        {result.ok ? (
          <>
            <span data-testid={`denomination-total-${currency}`}>
              {t('denominations.total', { amount: f.money({ minor: result.minor, currency }) })}
            </span>
            {difference && (
              <span className={difference.minor < 0 ? 'short' : difference.minor > 0 ? 'over' : 'exact'}>
                {t('counting.difference', { difference: formatDifference(difference) })}
              </span>
            )}
          </>
        ) : (
          touched && <span className="bad">{result.message}</span>
        )}
      </div>
    </fieldset>
  );
}

function PiecesField({
  denomination,
  currency,
  text,
  onChange,
}: {
  denomination: Denomination;
  currency: string;
  text: string;
  onChange(text: string): void;
}) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const id = useId();
  const amount = denominationWords(denomination.value, currency);
  const pieces = parsePieces(text);
  return (
    <div className="denomination">
      <label htmlFor={id} className="denomination-value">
        {amount}
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="next"
        aria-label={t(`denominations.countOf.${denomination.kind}`, { amount })}
        aria-invalid={!pieces.ok}
        aria-describedby={pieces.ok ? undefined : `${id}-problem`}
        placeholder="0"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={nextOnEnter}
      />
      <span className="denomination-line">
        {pieces.ok && pieces.count > 0 ? f.money({ minor: denomination.value * pieces.count, currency }) : ''}
      </span>
      {!pieces.ok && (
        <span id={`${id}-problem`} className="bad denomination-problem">
          {pieces.message}
        </span>
      )}
    </div>
  );
}

/** Enter in a count field goes to the next one (as Tab does) instead of submitting the close. */
function nextOnEnter(event: React.KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const fields = [...(event.currentTarget.closest('fieldset')?.querySelectorAll('input') ?? [])];
  fields[fields.indexOf(event.currentTarget) + 1]?.focus();
}
