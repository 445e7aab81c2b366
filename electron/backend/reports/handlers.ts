/** The manager's reports: a day or a range, their totals, and the sales behind a row or a bar. */
import { today } from '../../../shared/clock.ts';
import type { AreaHandlers } from '../rpc.ts';
import type { HandlerServices } from '../services.ts';
import { reportSales } from './db-sales.ts';
import { buildReport, buildTotals } from './report.ts';

export function reportsHandlers({ db, settings }: Pick<HandlerServices, 'db' | 'settings'>): AreaHandlers<'reports'> {
  const period = (fromDate: string, toDate: string) => ({ fromDate, toDate, timeZone: settings.timeZone() });
  return {
    'reports.day': ({ date }) => {
      const day = date ?? today(settings.timeZone());
      return buildReport(db, period(day, day));
    },
    'reports.range': ({ from, to }) => buildReport(db, period(from, to)),
    'reports.totals': ({ from, to }) => buildTotals(db, period(from, to)),
    'reports.sales': ({ from, to, dimension, key }) => reportSales(db, period(from, to), dimension, key),
  };
}
