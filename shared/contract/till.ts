/**
 * The contract's till and day close: the opening float, the count, the close and its CSV.
 * Answered by electron/backend/till/.
 */
import { z } from 'zod';
import { denominationsOf, MAX_PIECES } from '../denominations.ts';
import { problem } from '../errors.ts';
import type { ClosePreview, DayClose, DayStatus, UnclosedDay } from '../reports.ts';
import { currencyCode, moneyInput } from '../settings.ts';
import type { TillSession, TillToday } from '../till.ts';
import { localDate, method, none } from './base.ts';

/**
 * The cash of one currency counted by notes and coins: only that currency's own (shared/denominations.ts),
 * each once, 0 to MAX_PIECES of each. That it adds up to the counted cash is the close's to check.
 */
const cashCountInput = z
  .strictObject({
    currency: currencyCode,
    counts: z
      .array(z.strictObject({ value: z.number().int().positive(), count: z.number().int().min(0).max(MAX_PIECES) }))
      .max(40),
  })
  .superRefine((c, ctx) => {
    const table = denominationsOf(c.currency);
    if (!table) {
      ctx.addIssue({ code: 'custom', message: problem('denomination'), path: ['currency'] });
      return;
    }
    const seen = new Set<number>();
    c.counts.forEach((d, i) => {
      if (!table.some((t) => t.value === d.value) || seen.has(d.value)) {
        ctx.addIssue({ code: 'custom', message: problem('denomination'), path: ['counts', i, 'value'] });
      }
      seen.add(d.value);
    });
  });

export const tillMethods = {
  'close.preview': method<ClosePreview>()('manager', z.strictObject({ date: localDate })),
  /**
   * Closes what is open on the date: the whole day the first time, the sales completed after the
   * last close (a supplementary close) after that. Refused while any sale is uncertain, and when
   * `basis` (ClosePreview.open.basis) no longer names what is open: a sale came in meanwhile.
   */
  'close.commit': method<DayClose>()(
    'manager',
    z.strictObject({
      date: localDate,
      countedCash: z.array(moneyInput).max(10),
      /** The card terminal's and "other" totals as counted; a difference above the threshold needs a note. */
      countedTenders: z
        .array(
          z.strictObject({ method: z.enum(['card', 'other']), minor: z.number().int().min(0).max(1e12), currency: currencyCode }),
        )
        .max(10)
        .optional(),
      /** The cash counted by notes and coins, per currency so counted; absent: counted as totals only. */
      cashCounts: z
        .array(cashCountInput)
        .max(10)
        .refine((list) => new Set(list.map((c) => c.currency)).size === list.length, problem('invalid'))
        .optional(),
      basis: z.string().regex(/^[0-9a-f]{64}$/, problem('close_reload')),
      note: z.string().trim().max(500).optional(),
    }),
  ),
  /** For the counter: today's last close, if any, so the till can say that new sales come after it. */
  'close.status': method<DayStatus>()('clerk', none),
  'close.csv': method<{ readonly filename: string; readonly content: string }>()('manager', z.strictObject({ date: localDate })),
  /** Today's till: its opening float if opened, else the cash of the last close that could be carried. */
  'till.today': method<TillToday>()('clerk', none),
  /** Opens today's till with a float, entered or carried from the last close; once a day (again: the first stands). */
  'till.open': method<TillSession>()(
    'clerk',
    z.union([z.strictObject({ float: moneyInput }), z.strictObject({ carry: z.literal(true) })]),
  ),
  /** Past days with takings that were never closed (the latest first). */
  'close.unclosed': method<readonly UnclosedDay[]>()('manager', none),
} as const;
