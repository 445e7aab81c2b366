/**
 * The till's day: the opening float, entered at the day's first sign-in or carried from the cash
 * counted at the last close, and at the close every tender counted against the journal, with a
 * reason required when a difference is above the manager's threshold.
 */
import type Database from 'better-sqlite3';
import { AppFailure } from '../../../shared/errors.ts';
import { cashCountProblem, countTotal, type CashCount } from '../../../shared/denominations.ts';
import { toDecimalString, type Money } from '../../../shared/money.ts';
import type { Amounts, ExpectedTakings } from '../../../shared/reports.ts';
import { aboveThreshold, COUNTED_TENDERS, type TenderCount, type TillSession, type TillToday } from '../../../shared/till.ts';
import { appendAudit } from '../audit/db.ts';
import { getTillSession, insertTillSession } from './db.ts';
import { lastCountedCash } from './db-closes.ts';

/** The cash counted at the latest first close before `date`, in `currency`: what stayed in the drawer. */
function carried(db: Database.Database, date: string, currency: string): Money | null {
  return lastCountedCash(db, date).find((m) => m.currency === currency) ?? null;
}

export function tillToday(db: Database.Database, date: string, currency: string): TillToday {
  return { date, session: getTillSession(db, date), carry: carried(db, date, currency) };
}

export type OpenTillInput = { readonly float: Money } | { readonly carry: true };

/**
 * Opens the day's till once: a second opening (another counter window, a second sign-in) leaves
 * the first standing and answers it, so the float is never counted twice.
 */
export function openTill(
  db: Database.Database,
  date: string,
  currency: string,
  input: OpenTillInput,
  staffId: string,
  at: string,
): TillSession {
  return db.transaction((): TillSession => {
    const existing = getTillSession(db, date);
    if (existing) return existing;
    let float: Money;
    if ('carry' in input) {
      const carry = carried(db, date, currency);
      if (!carry) {
        throw new AppFailure('bad_input', 'There is no close to carry the float from: enter it.', {
          fields: { float: 'required' },
        });
      }
      float = carry;
    } else {
      float = input.float;
    }
    const source = 'carry' in input ? 'carried' : 'entered';
    insertTillSession(db, { date, float, source, openedBy: staffId, openedAt: at });
    appendAudit(db, {
      action: 'till.opened',
      actorStaffId: staffId,
      subject: date,
      details: { float: `${toDecimalString(float)} ${float.currency}`, source },
      at,
    });
    return getTillSession(db, date)!;
  })();
}

/** The day's float for its first close; supplementary closes count only what came in since. */
export function floatFor(db: Database.Database, date: string, firstClose: boolean): Amounts {
  if (!firstClose) return [];
  const session = getTillSession(db, date);
  return session && session.float.minor > 0 ? [session.float] : [];
}

/**
 * Every tender but cash counted against the journal: each expected (method, currency) and each
 * counted one, so a terminal total for a tender the journal has none of still shows.
 */
export function countTenders(
  expected: ExpectedTakings,
  counted: readonly { readonly method: 'card' | 'other'; readonly minor: number; readonly currency: string }[],
): TenderCount[] {
  const rows = new Map<string, TenderCount>();
  const row = (method: 'card' | 'other', currency: string) => {
    const key = `${method}/${currency}`;
    const found = rows.get(key) ?? { method, currency, expected: 0, counted: 0, difference: 0 };
    rows.set(key, found);
    return key;
  };
  for (const e of expected) {
    if (!(COUNTED_TENDERS as readonly string[]).includes(e.method)) continue;
    const key = row(e.method as 'card' | 'other', e.currency);
    rows.set(key, { ...rows.get(key)!, expected: rows.get(key)!.expected + e.minor });
  }
  for (const c of counted) {
    const key = row(c.method, c.currency);
    rows.set(key, { ...rows.get(key)!, counted: rows.get(key)!.counted + c.minor });
  }
  return [...rows.values()]
    .map((r) => ({ ...r, difference: r.counted - r.expected }))
    .sort((a, b) => a.method.localeCompare(b.method) || a.currency.localeCompare(b.currency));
}

/**
 * The cash counted by notes and coins, checked before anything is written: each currency's count is
 * of its own notes and coins, once, and adds up to exactly the cash counted in that currency. Kept
 * as counted, without the values none were counted of, largest first.
 */
export function checkCashCounts(counts: readonly CashCount[], countedCash: readonly Money[]): CashCount[] {
  const seen = new Set<string>();
  return counts.map((c) => {
    const problem = cashCountProblem(c);
    if (problem || seen.has(c.currency)) {
      throw new AppFailure(
        'bad_input',
        `The ${c.currency} count is not of that currency's notes and coins, or names one twice.`,
        {
          fields: { cashCounts: problem === 'pieces' ? 'invalid' : 'denomination' },
        },
      );
    }
    seen.add(c.currency);
    const counted = countedCash.find((m) => m.currency === c.currency)?.minor ?? 0;
    if (countTotal(c.counts) !== counted) {
      throw new AppFailure('bad_input', `The ${c.currency} notes and coins counted do not add up to the cash counted.`, {
        reason: 'cash_count_mismatch',
        params: { currency: c.currency },
      });
    }
    return {
      currency: c.currency,
      counts: c.counts.filter((d) => d.count > 0).toSorted((a, b) => b.value - a.value),
    };
  });
}

export { aboveThreshold };
