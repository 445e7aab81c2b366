/** The manager's reports: a day or a range, their totals, and the sales behind a row or a bar. */
import { today } from '../../../shared/clock.ts';
import type { AreaHandlers } from '../rpc.ts';
import type { HandlerServices } from '../services.ts';

export function reportsHandlers({ reports, settings }: Pick<HandlerServices, 'reports' | 'settings'>): AreaHandlers<'reports'> {
  return {
    'reports.day': ({ date }) => {
      const day = date ?? today(settings.timeZone());
      return reports.report(day, day);
    },
    'reports.range': ({ from, to }) => reports.report(from, to),
    'reports.totals': ({ from, to }) => reports.totals(from, to),
    'reports.sales': ({ from, to, dimension, key }) => reports.sales(from, to, dimension, key),
  };
}
