/** Voucher codes for a group to redeem later: bought, listed and marked printed. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';

export function vouchersHandlers({ vouchers }: Pick<HandlerServices, 'vouchers'>): AreaHandlers<'vouchers'> {
  return {
    'vouchers.create': (input, { session }) => vouchers.create(input, session!),
    'vouchers.list': ({ query }) => vouchers.list(query),
    'vouchers.printed': ({ batchId }, { session }) => vouchers.printed(batchId, session!),
  };
}
