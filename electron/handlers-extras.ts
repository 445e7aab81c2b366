/**
 * The rest of the partner service at the counter: eSIM vouchers, the checkout's e-mail
 * and brand choices, a sold eSIM's brand and "send again", product sheets, and the low-data
 * subscription read back from the service. Roles are checked by the dispatcher first.
 */
import type { HandlerServices } from './handlers.ts';
import type { Handlers } from './rpc.ts';
import { deliveryOptions, setDeliveryOptions } from './services/delivery.ts';
import { lowDataStatus } from './services/low-data.ts';

export type ExtrasMethods =
  | 'vouchers.create'
  | 'vouchers.list'
  | 'vouchers.printed'
  | 'delivery.options'
  | 'delivery.setOptions'
  | 'esims.delivery'
  | 'esims.setBrand'
  | 'esims.sendAgain'
  | 'catalog.productSheet'
  | 'catalog.openSheetLink'
  | 'notifications.lowDataStatus';

export function createExtrasHandlers(
  services: Pick<HandlerServices, 'db' | 'partner' | 'vouchers' | 'esims' | 'sheets'>,
): Pick<Handlers, ExtrasMethods> {
  const { db, partner, vouchers, esims, sheets } = services;

  return {
    'vouchers.create': (input, { session }) => vouchers.create(input, session!),
    'vouchers.list': ({ query }) => vouchers.list(query),
    'vouchers.printed': ({ batchId }, { session }) => vouchers.printed(batchId, session!),
    'delivery.options': () => deliveryOptions(db),
    'delivery.setOptions': (change, { session }) => setDeliveryOptions(db, change, session!),
    'esims.delivery': ({ iccid }) => esims.read(iccid),
    'esims.setBrand': ({ iccid, brand }, { session }) => esims.setBrand(iccid, brand, session!),
    'esims.sendAgain': ({ iccid }, { session }) => esims.sendAgain(iccid, session!),
    'catalog.productSheet': ({ packageId }) => sheets.sheet(packageId),
    'catalog.openSheetLink': ({ packageId, link }) => sheets.openLink(packageId, link),
    'notifications.lowDataStatus': () => lowDataStatus(db, partner),
  };
}
