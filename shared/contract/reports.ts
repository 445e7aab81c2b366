/**
 * The contract's reports for a period and the sales behind each of their rows. Answered by
 * electron/backend/reports/.
 */
import { z } from 'zod';
import { problem } from '../errors.ts';
import { REPORT_SALE_DIMENSIONS, type ReportSales } from '../report-sales.ts';
import type { Report, ReportTotals } from '../reports.ts';
import { localDate, method } from './base.ts';

/** A period of at most a year, in order. */
const range = z
  .strictObject({ from: localDate, to: localDate })
  .refine((r) => r.from <= r.to, { message: problem('date_order'), path: ['to'] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 366 * 86_400_000, {
    message: problem('range_too_long'),
    path: ['to'],
  });

export const reportsMethods = {
  'reports.day': method<Report>()('manager', z.strictObject({ date: localDate.optional() })),
  'reports.range': method<Report>()('manager', range),
  /**
   * A period's totals without its breakdowns, charts or problems: the periods the Reports screen
   * compares with, read in a fraction of a report's time.
   */
  'reports.totals': method<ReportTotals>()('manager', range),
  /** The completed sales and top-ups behind one row of a report's breakdown, the latest first. */
  'reports.sales': method<ReportSales>()(
    'manager',
    z
      .strictObject({
        from: localDate,
        to: localDate,
        dimension: z.enum(REPORT_SALE_DIMENSIONS),
        key: z.string().min(1).max(200),
      })
      .refine((r) => r.from <= r.to, { message: problem('date_order'), path: ['to'] }),
  ),
} as const;
