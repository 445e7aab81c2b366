/**
 * The contract's methods, each answered by its domain's handlers.ts: services speak their own result
 * types, the handlers turn them into contract values or AppFailures with codes from the closed set.
 * This file only puts the domains together; the typecheck fails until every method has a handler.
 */
import { auditHandlers } from './audit/handlers.ts';
import { backupsHandlers } from './backups/handlers.ts';
import { basketsHandlers } from './baskets/handlers.ts';
import { catalogueHandlers } from './catalogue/handlers.ts';
import { chainHandlers } from './chain/handlers.ts';
import { deliveryHandlers } from './delivery/handlers.ts';
import { devicesHandlers } from './devices/handlers.ts';
import { displayHandlers } from './display/handlers.ts';
import { historyHandlers } from './history/handlers.ts';
import { laterOrdersHandlers } from './later-orders/handlers.ts';
import { pricingHandlers } from './pricing/handlers.ts';
import { printingHandlers } from './printing/handlers.ts';
import { refundsHandlers } from './refunds/handlers.ts';
import { reportsHandlers } from './reports/handlers.ts';
import { salesHandlers } from './sales/handlers.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { staffHandlers } from './staff/handlers.ts';
import { supportHandlers } from './support/handlers.ts';
import { tillHandlers } from './till/handlers.ts';
import { topupsHandlers } from './topups/handlers.ts';
import { tripsHandlers } from './trips/handlers.ts';
import { usageHandlers } from './usage/handlers.ts';
import { vouchersHandlers } from './vouchers/handlers.ts';
import type { Handlers } from './rpc.ts';
import type { HandlerServices } from './services.ts';

export function createHandlers(services: HandlerServices): Handlers {
  const { info, secrets, credentials, fileLog } = services;
  return {
    ...staffHandlers(services),
    ...catalogueHandlers(services),
    ...tripsHandlers(services),
    ...basketsHandlers(services),
    ...salesHandlers(services),
    ...topupsHandlers(services),
    ...laterOrdersHandlers(services),
    ...vouchersHandlers(services),
    ...deliveryHandlers(services),
    ...usageHandlers(services),
    ...devicesHandlers(services),
    ...historyHandlers(services),
    ...refundsHandlers(services),
    ...displayHandlers(services),
    ...printingHandlers(services),
    ...tillHandlers(services),
    ...reportsHandlers(services),
    ...pricingHandlers(services),
    ...settingsHandlers(services),
    ...backupsHandlers(services),
    ...auditHandlers(services),
    ...chainHandlers(services),
    ...supportHandlers(services),
    'app.info': () => ({ ...info }),
    'app.credentials': async () => {
      await secrets.vault?.settled();
      return credentials();
    },
    'app.reportCrash': ({ message, stack, where }) => {
      fileLog.problem(`the renderer crashed (${where})`, Object.assign(new Error(message), { name: 'RendererError', stack }));
      return null;
    },
    // Only a window can use its camera: the Electron shell answers this method (shell/camera.ts).
    'camera.scanning': () => ({ handled: false }),
  };
}
