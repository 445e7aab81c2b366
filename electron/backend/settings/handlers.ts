/** The store's settings, the partner account's credentials and the balance the counter sells against. */
import type { HandlerServices } from '../services.ts';
import type { AreaHandlers } from '../rpc.ts';
import { partnerSettings, setPartner } from './partner-settings.ts';
import { settingChanges } from './service.ts';

export function settingsHandlers(
  services: Pick<HandlerServices, 'settings' | 'account' | 'secrets' | 'db' | 'dataDir' | 'info' | 'log' | 'fileLog'>,
): AreaHandlers<'settings' | 'account'> {
  const { settings, account, secrets, db, dataDir, info, log, fileLog } = services;
  const running = info.environment;
  return {
    'settings.get': () => settings.store(),
    'settings.update': (input, { session }) => settings.update(input, session!.staffId),
    'settings.export': () => ({ app: 'esim-counter', exportedAt: new Date().toISOString(), settings: settings.exported() }),
    'settings.import': ({ settings: change }, { session }) => {
      const before = settings.store();
      const after = settings.update(change, session!.staffId);
      const changed = Object.keys(settingChanges(before, after, Object.keys(change) as (keyof typeof change)[]));
      return { settings: after, changed };
    },
    'settings.partner': () => partnerSettings(dataDir, secrets, running, log),
    'settings.setPartner': async (input, { session }) => {
      // The vault a manager's sign-in is still making (a scrypt) must exist before a secret goes in.
      await secrets.vault?.settled();
      const view = setPartner(dataDir, db, secrets, input, session!, running, log);
      if (input.environment !== running) fileLog.info('environment switch', { from: running, to: input.environment });
      return view;
    },
    'account.balance': ({ refresh }) => account.balance(refresh),
  };
}
