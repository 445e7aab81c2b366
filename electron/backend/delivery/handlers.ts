/**
 * A sold eSIM reaching its customer: the checkout's e-mail and brand choices, the eSIM's brand and
 * "send again", its install steps and packages, and finding it by the QR it was installed from.
 */
import { installSteps } from '../catalogue/instructions.ts';
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';
import { deliveryOptions, setDeliveryOptions } from './service.ts';

export function deliveryHandlers(
  services: Pick<HandlerServices, 'db' | 'esims' | 'partner' | 'sales' | 'packages'>,
): AreaHandlers<'delivery' | 'esims'> {
  const { db, esims, partner, sales, packages } = services;
  return {
    'delivery.options': () => deliveryOptions(db),
    'delivery.setOptions': (change, { session }) => setDeliveryOptions(db, change, session!),
    'esims.delivery': ({ iccid }) => esims.read(iccid),
    'esims.setBrand': ({ iccid, brand }, { session }) => esims.setBrand(iccid, brand, session!),
    'esims.sendAgain': ({ iccid }, { session }) => esims.sendAgain(iccid, session!),
    'esims.instructions': ({ iccid, language }, { session }) =>
      installSteps(partner, iccid, language, (normalized) => sales.codesVisible(normalized, session)),
    'esims.packages': ({ iccid, refresh }) => packages.get(iccid, refresh),
    'esims.byInstallQr': ({ qrcode }) => sales.iccidOfInstallQr(qrcode),
  };
}
