/** `app.info`: what every window reads first (the version, the environment, the store's clock and money). */
import type { AppInfo, Environment } from '../../shared/contract.ts';
import { CUSTOMER_LANGUAGES, UI_LANGUAGES } from '../../shared/languages.ts';
import type { AuditChainWatch } from './audit/service.ts';
import type { Checkpointing } from './journal/durability.ts';
import type { SettingsService } from './settings/service.ts';

export function appInfo(deps: {
  readonly version: string | undefined;
  readonly environment: Environment;
  readonly transport: AppInfo['transport'];
  readonly checkpoints: Pick<Checkpointing, 'mode'>;
  readonly auditChain: Pick<AuditChainWatch, 'state'>;
  readonly settings: Pick<SettingsService, 'timeZone' | 'locale' | 'currency' | 'tax'>;
}): AppInfo {
  const { checkpoints, auditChain, settings } = deps;
  return {
    name: 'eSIM Counter',
    version: deps.version ?? '0.0.0',
    environment: deps.environment,
    transport: deps.transport,
    get journalCheckpoints() {
      return checkpoints.mode();
    },
    get auditChain() {
      return auditChain.state();
    },
    // Read at each ask: a manager may change it, and every screen shows times in it.
    get timeZone() {
      return settings.timeZone();
    },
    get locale() {
      return settings.locale();
    },
    get currency() {
      return settings.currency();
    },
    get tax() {
      return settings.tax();
    },
    uiLanguages: UI_LANGUAGES,
    customerLanguages: CUSTOMER_LANGUAGES,
  };
}
