/** The day's till and its close: the opening float, the count against the journal, the Z report's CSV. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function tillHandlers({ close }: Pick<HandlerServices, 'close'>): AreaHandlers<'till' | 'close'> {
  return {
    'till.today': () => close.tillToday(),
    'till.open': (input, { session }) => close.openTill(input, session!),
    'close.status': () => close.status(),
    'close.preview': ({ date }) => close.preview(date),
    'close.commit': ({ date, ...input }, { session }) => close.commit(date, input, session!),
    'close.csv': ({ date }) => close.csv(date),
    'close.unclosed': () => close.unclosedDays(),
  };
}
