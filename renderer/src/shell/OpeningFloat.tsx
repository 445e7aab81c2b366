import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputOf } from '../../../shared/contract.ts';
import { minorDigits } from '../../../shared/money.ts';
import type { TillSession } from '../../../shared/till.ts';
import { api } from '../api.ts';
import { describeError } from '../errors.ts';
import { useFormats } from '../i18n/format.ts';
import { parseCountedCash } from '../backoffice/common/format.ts';
import { useStore } from '../state/store.ts';

/**
 * At the day's first sign-in: the cash put in the drawer to start with (the opening float), typed
 * or carried from the cash counted at the last close. The day's close expects it back, so the
 * drawer is not counted as if it had started empty. Selling is not held up meanwhile. The Close
 * screen offers it too, for a day whose first clerk skipped it, with a `hint` of why.
 *
 * The day's first float stands: another counter may have started the day while this bar was up,
 * and then what was typed here was not taken. That is said, with the float that stands, rather
 * than the bar vanishing as if it had been.
 */
export function OpeningFloat({ hint, onOpened }: { hint?: string; onOpened?: () => void } = {}) {
  const { t } = useTranslation(['close', 'common']);
  const f = useFormats();
  const currency = useStore((s) => s.info?.currency ?? 'USD');
  // The last read draws at once (a screen changed); the read each screen makes as it opens follows.
  const till = useStore((s) => s.tillToday);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stood, setStood] = useState<TillSession | null>(null);
  const hintId = useId();
  const stoodId = useId();
  const bar = useRef<HTMLElement>(null);
  useEffect(() => void useStore.getState().loadTill(), []);
  if (stood) {
    return (
      <section className="notice opening-float" aria-label={t('till.open.heading')}>
        <div className="opening-float-form">
          <p id={stoodId} role="status" data-testid="float-stood">
            {t('till.open.already', { name: stood.openedByName, time: f.time(stood.openedAt), amount: f.money(stood.float) })}
          </p>
          {/* The button pressed is gone: the focus goes to the only thing left to do, which reads out why. */}
          <button
            type="button"
            className="button small secondary"
            autoFocus
            aria-describedby={stoodId}
            onClick={() => setStood(null)}
          >
            {t('common:action.understood')}
          </button>
        </div>
      </section>
    );
  }
  if (!till || till.session) return null;
  const parsed = parseCountedCash(text, currency);
  const open = (input: InputOf<'till.open'>) =>
    void api()
      .call('till.open', input)
      .then((result) => {
        if (result.ok) {
          const asked = asAsked(input, result.value);
          // The bar goes away with the field or button that had the focus: it moves on to what comes next.
          if (asked) focusAfter(bar.current);
          useStore.getState().tillStarted(result.value);
          if (!asked) setStood(result.value);
          onOpened?.();
        } else setError(describeError(result.error));
      });
  return (
    <section ref={bar} className="notice opening-float" aria-label={t('till.open.heading')}>
      <form
        className="opening-float-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.ok) open({ float: { minor: parsed.minor, currency } });
        }}
      >
        <strong>{t('till.open.heading')}</strong>
        <label className="field">
          {t('till.open.amount', { currency })}
          <input
            aria-describedby={hint ? hintId : undefined}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            placeholder={f.number(0, { minimumFractionDigits: minorDigits(currency) })}
            aria-invalid={text !== '' && !parsed.ok}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="button small" disabled={!parsed.ok}>
          {t('till.open.start')}
        </button>
        {till.carry && (
          <button type="button" className="button small secondary" onClick={() => open({ carry: true })}>
            {t('till.open.carry', { amount: f.money(till.carry) })}
          </button>
        )}
      </form>
      {hint && (
        <p id={hintId} className="opening-float-hint">
          {hint}
        </p>
      )}
      {text !== '' && !parsed.ok && <p className="bad">{parsed.message}</p>}
      {error && (
        <p className="bad" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * The first field after the bar in its screen (Sell's country search, the Close screen's count), or
 * the screen itself: never the page, where a keyboard user would have to start over from the top.
 */
function focusAfter(section: HTMLElement | null): void {
  const main = section?.closest<HTMLElement>('main');
  if (!section || !main) return;
  const next = [...main.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea')].find(
    (el) =>
      !section.contains(el) &&
      section.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !(el as HTMLInputElement).disabled &&
      el.getClientRects().length > 0,
  );
  (next ?? main).focus();
}

/** Whether the session that stands is the one asked for, or one another counter opened first. */
function asAsked(input: InputOf<'till.open'>, session: TillSession): boolean {
  if ('carry' in input) return session.source === 'carried';
  return (
    session.source === 'entered' && session.float.minor === input.float.minor && session.float.currency === input.float.currency
  );
}
