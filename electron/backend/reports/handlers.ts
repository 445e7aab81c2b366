/** The manager's reports: a day or a range, their totals, and the sales behind a row or a bar. */
import { today } from '../../../shared/clock.ts';
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function reportsHandlers({ close, settings }: Pick<HandlerServices, 'close' | 'settings'>): AreaHandlers<'reports'> {
  return {
    'reports.day': ({ date }) => {
      const day = date ?? today(settings.timeZone());
      return close.report(day, day);
    },
    'reports.range': ({ from, to }) => close.report(from, to),
    'reports.totals': ({ from, to }) => close.totals(from, to),
    'reports.sales': ({ from, to, dimension, key }) => close.sales(from, to, dimension, key),
  };
}
