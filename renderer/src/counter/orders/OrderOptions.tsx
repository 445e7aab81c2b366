import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTER_MAX_QUANTITY, dueInstant, earliestDue, GROUP_MAX_QUANTITY, latestDue } from '../../../../shared/orders.ts';
import { localDate } from '../../../../shared/clock.ts';
import { useFormats } from '../../i18n/format.ts';
import type { Checkout } from '../sell/checkout.ts';
import { DUE_TIMES, type LaterProblem } from './order-kind.ts';
import './orders.css';

// Only a sale for a later date types a date: the field stays out of the first paint, and is
// fetched as soon as Details shows this choice, so it is there (and can take the focus) once ticked.
const loadDateField = () => import('../../ui/DateField.tsx');
const DateField = lazy(() => loadDateField().then((m) => ({ default: m.DateField })));

type Props = {
  checkout: Checkout;
  onChange(patch: Partial<Pick<Checkout, 'quantity' | 'later'>>): void;
  /** What keeps a future order from being sent, said under its choice once the clerk tried (the e-mail's under the e-mail). */
  problem: LaterProblem | null;
  /** Now on the counter's clock, for the partner's window of due dates. */
  now: number;
  /** Bumped when the departure date should take the focus (see DateField's focusRequest). */
  focusDate?: number;
};

/**
 * The two orders beyond a sale at the counter, on the Details step: a tour group (more eSIMs than a
 * counter sale, up to the partner's maximum) and a sale for a later date (the departure day, and a
 * time if it matters). The quantity field above follows the group choice.
 */
export function OrderOptions({ checkout, onChange, problem, now, focusDate = 0 }: Props) {
  const { t } = useTranslation('orders');
  const f = useFormats();
  useEffect(() => void loadDateField(), []);
  const { quantity } = checkout;
  const later = checkout.later ?? null;
  const group = quantity > COUNTER_MAX_QUANTITY;
  // The partner's window, as days of the store: the first whose start is in it, the last in it.
  const firstDay = localDate(earliestDue(now), f.timeZone);
  const first =
    dueInstant(firstDay, f.timeZone)! >= earliestDue(now) ? firstDay : localDate(earliestDue(now) + 86_400_000, f.timeZone);
  const last = localDate(latestDue(now), f.timeZone);
  // Times are shown on the store's clock (12- or 24-hour as its locale writes them).
  const timeWords = (hhmm: string) => f.time(dueInstant(`2026-01-15 ${hhmm}`, f.timeZone)!);
  const problemWords =
    problem?.field === 'date'
      ? problem.problem === 'missing'
        ? t('options.problem.missing')
        : t(`options.problem.${problem.problem}`, {
            at: f.dateTime(problem.problem === 'due_too_soon' ? earliestDue(now) : latestDue(now)),
          })
      : null;

  return (
    <div className="order-options">
      <label className="option-toggle">
        <input
          type="checkbox"
          checked={group}
          onChange={(e) =>
            onChange({ quantity: e.target.checked ? COUNTER_MAX_QUANTITY + 1 : Math.min(quantity, COUNTER_MAX_QUANTITY) })
          }
        />
        <span>
          <strong>{t('options.group', { limit: COUNTER_MAX_QUANTITY })}</strong>
          <span className="hint">{t('options.groupHint', { max: GROUP_MAX_QUANTITY })}</span>
        </span>
      </label>

      <label className="option-toggle">
        <input
          type="checkbox"
          checked={later !== null}
          aria-describedby={problemWords ? 'later-problem' : undefined}
          onChange={(e) => onChange({ later: e.target.checked ? { date: '', time: '' } : null })}
        />
        <span>
          <strong>{t('options.later')}</strong>
          <span className="hint">{t('options.laterHint')}</span>
        </span>
      </label>

      {later && (
        <fieldset className="later-fields" aria-label={t('options.later')} aria-describedby="later-window">
          <Suspense fallback={null}>
            <DateField
              className="later-date"
              label={t('options.date')}
              value={later.date}
              min={first}
              max={last}
              focusRequest={focusDate}
              onChange={(date) => onChange({ later: { ...later, date } })}
            />
          </Suspense>
          <label className="later-time">
            <span>{t('options.time')}</span>
            <select
              className="text-input"
              value={later.time}
              onChange={(e) => onChange({ later: { ...later, time: e.target.value } })}
            >
              <option value="">{t('options.startOfDay')}</option>
              {DUE_TIMES.map((time) => (
                <option key={time} value={time}>
                  {timeWords(time)}
                </option>
              ))}
            </select>
          </label>
          <p id="later-window" className="hint later-window">
            {t('options.window', { from: f.day(first), to: f.day(last) })} {t('options.emailNeeded')}
          </p>
        </fieldset>
      )}
      {problemWords && (
        <p id="later-problem" className="field-error" role="alert">
          {problemWords}
        </p>
      )}
    </div>
  );
}
