import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { denominationsOf } from '../../../../shared/denominations.ts';
import { minorDigits, toDecimalString, type Money } from '../../../../shared/money.ts';
import type { ExpectedTakings, OpenTakings } from '../../../../shared/reports.ts';
import { aboveThreshold, COUNTED_TENDERS } from '../../../../shared/till.ts';
import { useFormats } from '../../i18n/format.ts';
import { readPieces } from './cash-count.ts';
import { DenominationCount } from './DenominationCount.tsx';
import { formatDifference, parseCountedCash, paymentWords } from '../common/format.ts';
import { ErrorNotice } from '../common/notices.tsx';
import { useManager } from '../common/store.ts';

/** The currencies the drawer may hold: those of the expected cash, then of any takings. */
function cashCurrencies(open: OpenTakings): string[] {
  const seen = new Set<string>();
  for (const m of open.expectedCash) seen.add(m.currency);
  for (const e of open.expected) seen.add(e.currency);
  return [...seen];
}

type Props = {
  open: OpenTakings;
  /** "Count the cash", or for a supplementary close what it is for. */
  heading: string;
  /** The button, and the question the confirmation asks. */
  action: string;
  question: string;
  /** Why nothing can be closed yet, if so. */
  blockedBy: string | null;
  /** Next to the close button (the CSV download). */
  children?: React.ReactNode;
};

/**
 * Counting the drawer against the expected cash, an optional note on a difference, and the close
 * itself behind an in-app confirmation that repeats the figures: a close cannot be undone.
 */
export function CloseCount({ open, heading, action, question, blockedBy, children }: Props) {
  const { t } = useTranslation(['close', 'common']);
  const f = useFormats();
  const committing = useManager((s) => s.committing);
  const commitError = useManager((s) => s.commitError);
  const [typed, setTyped] = useState<Record<string, string>>({});
  // Per currency: counted by notes and coins rather than as a total, and what was typed per value.
  const [byPieces, setByPieces] = useState<Record<string, boolean>>({});
  const [pieces, setPieces] = useState<Record<string, Record<number, string>>>({});
  const [note, setNote] = useState('');
  const confirm = useRef<HTMLDialogElement>(null);

  const parsed = cashCurrencies(open).map((currency) => {
    const expected = { minor: open.expectedCash.find((m) => m.currency === currency)?.minor ?? 0, currency };
    const table = denominationsOf(currency);
    const grid = table && byPieces[currency] ? readPieces(table, pieces[currency] ?? {}) : null;
    const result = grid ? grid.result : parseCountedCash(typed[currency] ?? '', currency);
    const difference = result.ok ? { minor: result.minor - expected.minor, currency } : null;
    return { currency, text: typed[currency] ?? '', table, grid, result, expected, difference };
  });
  const allTyped = parsed.every((p) => p.result.ok);
  const counted: Money[] = parsed.flatMap((p) => (p.result.ok ? [{ minor: p.result.minor, currency: p.currency }] : []));
  const cashCounts = parsed.flatMap((p) =>
    p.grid && p.result.ok ? [{ currency: p.currency, counts: p.grid.counts.filter((c) => c.count > 0) }] : [],
  );
  /** To notes and coins and back; the focus goes to the first field of the way chosen. */
  const switchMode = (currency: string, toPieces: boolean, total: Money | null) => {
    flushSync(() => {
      setByPieces((b) => ({ ...b, [currency]: toPieces }));
      // Back to a total: an empty total takes the grid's sum; anything typed before stays.
      if (!toPieces && total && !(typed[currency] ?? '').trim()) setTyped((t) => ({ ...t, [currency]: toDecimalString(total) }));
    });
    document.querySelector<HTMLInputElement>(`[data-count="${currency}"] input`)?.focus();
  };
  const tenders = COUNTED_TENDERS.flatMap((method) =>
    cashCurrencies(open).map((currency) => {
      const key = `${method}/${currency}`;
      const text = typed[key] ?? '';
      const expected = { minor: open.expected.find((e) => e.method === method && e.currency === currency)?.minor ?? 0, currency };
      const result = parseCountedCash(text, currency);
      const difference = text !== '' && result.ok ? { minor: result.minor - expected.minor, currency } : null;
      return { key, method, currency, text, result, expected, difference };
    }),
  );
  // A tender left empty is not counted; one typed must read as an amount.
  const tendersOk = tenders.every((r) => r.text === '' || r.result.ok);
  const countedTenders = tenders.flatMap((r) =>
    r.text !== '' && r.result.ok ? [{ method: r.method, minor: r.result.minor, currency: r.currency }] : [],
  );
  const differences = [...parsed, ...tenders].flatMap((p) => (p.difference && p.difference.minor !== 0 ? [p.difference] : []));
  const reasonNeeded = aboveThreshold(differences, open.reasonAbove);
  const ready = allTyped && tendersOk && (!reasonNeeded || note.trim() !== '');

  return (
    <section className="panel" aria-label={t('countCash')}>
      <h2>{heading}</h2>
      {parsed.length === 0 && <p className="muted">{t('counting.noCash')}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !blockedBy) confirm.current?.showModal();
        }}
      >
        {parsed.map(({ currency, text, table, grid, result, expected, difference }) => (
          <div key={currency} className="count-row" data-count={currency}>
            <div className="count-expected">
              {t('counting.expectedCash')} <strong data-testid={`expected-cash-${currency}`}>{f.money(expected)}</strong>
              {open.float.some((m) => m.currency === currency) && (
                <span className="muted" data-testid={`float-${currency}`}>
                  {' '}
                  {t('till.withFloat', { float: f.money(open.float.find((m) => m.currency === currency)!) })}
                </span>
              )}
            </div>
            {grid && table ? (
              <DenominationCount
                currency={currency}
                table={table}
                typed={pieces[currency] ?? {}}
                onChange={(value, text) => setPieces((p) => ({ ...p, [currency]: { ...p[currency], [value]: text } }))}
                result={result}
                difference={difference}
              />
            ) : (
              <CountField
                label={t('counting.counted', { currency })}
                currency={currency}
                text={text}
                result={result}
                difference={difference}
                onChange={(value) => setTyped((t) => ({ ...t, [currency]: value }))}
              />
            )}
            <div className="count-mode">
              {!table ? (
                <span className="muted">{t('denominations.noTable', { currency })}</span>
              ) : grid ? (
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => switchMode(currency, false, result.ok ? { minor: result.minor, currency } : null)}
                >
                  {t('denominations.typeTotal')}
                </button>
              ) : (
                <button type="button" className="button secondary small" onClick={() => switchMode(currency, true, null)}>
                  {t('denominations.byPieces')}
                </button>
              )}
            </div>
          </div>
        ))}
        {tenders.map(({ key, method, currency, text, result, expected, difference }) => (
          <div key={key} className="count-row">
            <div className="count-expected">
              {t(`till.expected.${method}`)} <strong data-testid={`expected-${method}-${currency}`}>{f.money(expected)}</strong>
            </div>
            <CountField
              label={t(`till.counted.${method}`, { currency })}
              currency={currency}
              text={text}
              result={result}
              difference={difference}
              onChange={(value) => setTyped((t) => ({ ...t, [key]: value }))}
            />
          </div>
        ))}
        {differences.length > 0 && (
          <label className="field count-note">
            {reasonNeeded ? t('till.reasonRequired') : t('counting.note')}
            <textarea
              rows={2}
              maxLength={500}
              required={reasonNeeded}
              aria-invalid={reasonNeeded && note.trim() === ''}
              value={note}
              placeholder={t('counting.notePlaceholder')}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
        )}
        <ErrorNotice error={commitError} />
        <div className="actions">
          <button type="submit" className="button" disabled={!ready || blockedBy !== null || committing}>
            {committing ? t('counting.closing') : action}
          </button>
          {children}
        </div>
      </form>
      <dialog
        ref={confirm}
        className="confirm-dialog close-confirm"
        aria-modal="true"
        aria-labelledby="close-confirm-heading"
        onKeyDown={keepTabInside}
        onClose={() => {
          if (confirm.current?.returnValue === 'confirm') {
            void useManager
              .getState()
              .commitClose(counted, differences.length > 0 ? note : '', countedTenders, cashCounts)
              .then((done) => {
                if (!done) return;
                setTyped({});
                setPieces({});
                setByPieces({});
              });
          }
        }}
      >
        <form method="dialog">
          <h2 id="close-confirm-heading">{question}</h2>
          <Figures expected={open.expected} rows={parsed} tenders={tenders} />
          {differences.length > 0 && note.trim() && (
            <p>
              {t('counting.noteSaid')} <q>{note.trim()}</q>
            </p>
          )}
          <p>{t('counting.final')}</p>
          <div className="actions">
            <button type="submit" value="cancel" className="button secondary" autoFocus>
              {t('common:action.cancel')}
            </button>
            <button type="submit" value="confirm" className="button">
              {action}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}

/**
 * A modal dialog makes the page behind it inert, but Tab past its last button leaves for the
 * browser's own controls: here it comes round to the first again (and Shift+Tab the other way).
 */
/** A counted amount (cash, card terminal, other) and, as it is typed, its difference from what was expected. */
function CountField(props: {
  label: string;
  currency: string;
  text: string;
  result: { ok: boolean; message?: string };
  difference: Money | null | undefined;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const { text, result, difference } = props;
  return (
    <>
      <label className="field">
        {props.label}
        <input
          inputMode="decimal"
          autoComplete="off"
          value={text}
          placeholder={f.number(0, { minimumFractionDigits: minorDigits(props.currency) })}
          aria-invalid={text !== '' && !result.ok}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      <div className="count-difference" role="status" aria-live="polite">
        {text === '' ? (
          ''
        ) : difference ? (
          <span className={difference.minor < 0 ? 'short' : difference.minor > 0 ? 'over' : 'exact'}>
            {t('counting.difference', { difference: formatDifference(difference) })}
          </span>
        ) : (
          !result.ok && <span className="bad">{result.message}</span>
        )}
      </div>
    </>
  );
}

function keepTabInside(event: React.KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:enabled, input:enabled, [tabindex="0"]')];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const to = event.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
  if (!to) return;
  event.preventDefault();
  to.focus();
}

/** What the confirmation repeats: cash expected, counted and the difference, and the other takings. */
function Figures({
  expected,
  rows,
  tenders,
}: {
  expected: ExpectedTakings;
  rows: readonly { currency: string; expected: Money; result: ReturnType<typeof parseCountedCash>; difference: Money | null }[];
  tenders: readonly { key: string; method: 'card' | 'other'; text: string; difference: Money | null }[];
}) {
  const { t } = useTranslation('close');
  const f = useFormats();
  const others = expected.filter((e) => e.method !== 'cash');
  return (
    <dl className="facts confirm-figures">
      {rows.map(({ currency, expected: cash, result, difference }) => (
        <div key={currency} className="confirm-pair">
          <dt>{t('counting.cashExpected')}</dt>
          <dd>{f.money(cash)}</dd>
          <dt>{t('counting.cashCounted')}</dt>
          <dd>{result.ok ? f.money({ minor: result.minor, currency }) : '—'}</dd>
          <dt>{t('counting.differenceLabel')}</dt>
          <dd className={difference && difference.minor < 0 ? 'short' : difference && difference.minor > 0 ? 'over' : ''}>
            {difference ? formatDifference(difference) : '—'}
          </dd>
        </div>
      ))}
      {others.map((e) => {
        const counted = tenders.find((r) => r.method === e.method && r.key.endsWith(`/${e.currency}`) && r.difference);
        return (
          <div key={`${e.method}-${e.currency}`} className="confirm-pair">
            <dt>{paymentWords(e.method)}</dt>
            <dd>{f.money(e)}</dd>
            {counted?.difference && (
              <>
                <dt>{t('counting.differenceLabel')}</dt>
                <dd className={counted.difference.minor < 0 ? 'short' : counted.difference.minor > 0 ? 'over' : ''}>
                  {formatDifference(counted.difference)}
                </dd>
              </>
            )}
          </div>
        );
      })}
    </dl>
  );
}
