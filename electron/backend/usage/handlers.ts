/** What is left on an eSIM, and the back office's low-data e-mails that watch it. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';
import { lowDataStatus } from './low-data.ts';

export function usageHandlers(
  services: Pick<HandlerServices, 'usage' | 'account' | 'db' | 'partner'>,
): AreaHandlers<'usage' | 'notifications'> {
  const { usage, account, db, partner } = services;
  return {
    'usage.get': ({ iccid }) => usage.get(iccid),
    'notifications.lowData': async ({ email }, { session }) => ({ email: await account.setLowDataEmail(email, session!) }),
    'notifications.lowDataStatus': () => lowDataStatus(db, partner),
  };
}
