/**
 * The composition root: builds the partner client, the services and the dispatcher for one
 * counter. Both shells (Electron and browser mode) call createBackend and only add a transport.
 */
import { ExchangeRateService } from './pricing/exchange-rates.ts';
import { createPricing } from './pricing/service.ts';
import type { Environment } from '../../shared/contract.ts';
import { credentialsOf } from './secrets/credentials.ts';
import { createDispatcher } from './rpc.ts';
import { createHandlers } from './handlers.ts';
import { createVaultKeeper } from './secrets/vault/keeper.ts';
import { startCheckpointing } from './journal/durability.ts';
import { startBackupSchedule } from './journal/backups.ts';
import { createBackupsService } from './backups/service.ts';
import { applyPendingRestore } from './backups/pending.ts';
import { checkAuditChainAtStart, recordRefusedCall } from './audit/service.ts';
import { createStaffService } from './staff/service.ts';
import { seedDemoStaff } from './staff/demo.ts';
import { DEMO_SCRYPT } from './staff/pin-hash.ts';
import { createSessionHolder } from './staff/sessions.ts';
import { EventBus } from './events.ts';
import { startBackgroundWork } from './background-work.ts';
import { createPartnerClient } from './partner/client.ts';
import { CatalogService } from './catalogue/service.ts';
import { SalesService } from './sales/service.ts';
import { createOfflineSales } from './sales/offline.ts';
import { appInfo } from './app-info.ts';
import { createExampleSales } from './sales/examples.ts';
import { FutureOrdersService } from './later-orders/future-orders.ts';
import { DisplayService } from './display/service.ts';
import { practiceMark, storeCustomerLanguage } from '../../shared/display.ts';
import { TopupsService } from './topups/service.ts';
import { UsageService } from './usage/service.ts';
import { DeviceService } from './devices/service.ts';
import { CloseService } from './till/close.ts';
import { ReportsService } from './reports/service.ts';
import { AccountService } from './settings/account.ts';
import { DEMO_REFUND_RATE, PARTNER_REFUND_RATE, RefundsService } from './refunds/service.ts';
import { EsimPackagesService } from './topups/esim-packages.ts';
import { JournalHealth } from './journal/health.ts';
import { createReadiness } from './sales/readiness.ts';
import { configuredPartner } from './settings/partner-settings.ts';
import { createSettingsService } from './settings/service.ts';
import { createReceiptPrinter } from './printing/receipt-printer.ts';
import { isLoopbackHost } from './printing/transport.ts';
import { listOrderStates } from './orders/db.ts';
import { logOrderOutcomes } from './orders/outcome-log.ts';
import { UNSETTLED_STATUSES } from '../../shared/sales.ts';
import { createBrowserModeSecretStore } from './secrets/keychain.ts';
import { lockDataFolder, readCounterConfig, secureDataFolder, upgradeLegacyJournal, type FolderLock } from './data-folder.ts';
import { ChainService } from './chain/service.ts';
import { VoucherService } from './vouchers/service.ts';
import { EsimDeliveryService } from './delivery/service.ts';
import { ProductSheetService } from './catalogue/product-sheets.ts';
import { TripPlanner } from './trips/service.ts';
import { BasketService } from './baskets/service.ts';
import type { Sandbox } from '../sandbox/server.ts';
import { openEnvironmentJournal, sandboxPartner, startDemoSandbox } from './journal/start.ts';
import { consoleLog, createFileLog, type FileLog } from './common/log.ts';

import type { Backend, BackendOptions } from './options.ts';

export type { Backend, BackendOptions };

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const { dataDir } = options;
  const fileLog = options.fileLog ?? createFileLog();
  const say = options.log ?? consoleLog;
  const log = (message: string, error?: unknown) => {
    say(message, error);
    fileLog.problem(message, error);
  };
  secureDataFolder(dataDir);
  const folderLock = lockDataFolder(dataDir, options.transport);
  try {
    return await startBackend(options, log, fileLog, folderLock);
  } catch (error) {
    fileLog.problem('the backend could not start', error);
    fileLog.close();
    folderLock.release();
    throw error;
  }
}

async function startBackend(
  options: BackendOptions,
  log: (message: string, error?: unknown) => void,
  fileLog: FileLog,
  folderLock: FolderLock,
): Promise<Backend> {
  const { dataDir } = options;
  upgradeLegacyJournal(dataDir, (message) => log(message));
  const secrets = options.secrets ?? (await createBrowserModeSecretStore(dataDir, log)).store;
  const config = readCounterConfig(dataDir);
  let partnerConfig = options.partner ?? configuredPartner(config, secrets, (message) => log(message)) ?? undefined;
  const environment: Environment = partnerConfig ? partnerConfig.environment : 'demo';
  // Demo's PINs guard a sandbox's journal, and its two accounts' PINs are printed in the README:
  // its vault wraps the sandbox's secret at the cheapest stretching allowed, which every Demo start
  // would otherwise pay at the vault's full cost. A live vault keeps that cost.
  const pinHashing = options.pinHashing ?? (environment === 'demo' ? DEMO_SCRYPT : undefined);
  // The vault opens with this environment's managers only, never another journal's staff.
  secrets.vault?.bind(environment, pinHashing);
  // A restore a manager scheduled is made with the folder locked and before the journal is open.
  applyPendingRestore(dataDir, log);
  const db = openEnvironmentJournal(dataDir, environment, config, log);
  // Only now: a folder the journal refused stays as it was found, with no logs/ added to it.
  fileLog.open(dataDir);
  fileLog.info('start', { version: options.version ?? '0.0.0', environment, transport: options.transport, dataDir });
  const auditChain = checkAuditChainAtStart(db, { log });
  const events = new EventBus(log);
  logOrderOutcomes(events, db, fileLog, log);

  let sandbox: Sandbox | null = null;
  if (!partnerConfig) {
    try {
      sandbox = await startDemoSandbox(dataDir, options.demoSandboxPort ?? 0);
    } catch (error) {
      db.close();
      throw error;
    }
    partnerConfig = sandboxPartner(sandbox);
  }
  // Demo staff exist only in Demo, and only while the journal has no staff of its own.
  const staffOptions = pinHashing ? { scrypt: pinHashing } : {};
  if (environment === 'demo') await seedDemoStaff(db, staffOptions);
  const staff = createStaffService(db, staffOptions);
  // The running idle lock follows a manager's change at once; `sessions` exists by then.
  const settings = createSettingsService(db, {
    onIdleLockChanged: (minutes) => sessions.setIdleMinutes(minutes),
    // Built below; a currency can only change once the backend answers calls.
    onCurrencyChanged: () => void exchangeRates.currencyChanged(),
  });
  // The counter's ids (in every reference) and its head office; it ships once the backend is up.
  const chain = new ChainService({
    dataDir,
    db,
    environment,
    secrets,
    counter: () => ({
      storeName: settings.storeName(),
      timeZone: settings.timeZone(),
      currency: settings.currency(),
      appVersion: options.version ?? '0.0.0',
    }),
    log,
    pollMs: options.chainPollMs,
    maxBackoffMs: options.chainMaxBackoffMs,
  });
  const display = new DisplayService({
    events,
    storeName: () => settings.storeName(),
    practice: practiceMark(environment),
    defaultLanguage: () => storeCustomerLanguage(settings.locale()),
    topupView: (id) => topups.view(id),
    isOfflineSale: (id) => offline.isOffline(id),
  });
  // Held here, not in the renderer: a locked or signed-out counter shows the customer nothing of
  // the last person's, whatever state the clerk's window is in.
  const sessions = createSessionHolder(db, {
    staff,
    minuteMs: options.idleLockMinuteMs,
    onRelease: () => display.clear(),
  });

  const partner = createPartnerClient({
    baseUrl: partnerConfig.baseUrl,
    clientId: partnerConfig.clientId,
    clientSecret: partnerConfig.clientSecret,
    secrets,
    log,
    onReachabilityChange: (state) => {
      events.emit('service.changed', state);
      // Back after a time away: what could not be fetched meanwhile is fetched now.
      if (state.state === 'reachable') {
        void catalog.serviceBack();
        void devices.serviceBack();
        void exchangeRates.serviceAnswered();
      }
    },
    probeIntervalMs: options.probeIntervalMs,
    onOrderHold: (hold) => events.emit('orders.held', hold),
    now: options.now,
  });
  const journal = new JournalHealth({ db, log, probeEveryMs: options.journalProbeMs });
  const exchangeRates = new ExchangeRateService({ db, partner, storeCurrency: () => settings.currency(), log });
  const pricing = createPricing(settings, exchangeRates);
  const catalog = new CatalogService(partner, events, { db, log, pricing });
  const account = new AccountService({ db, partner });
  const refundRate = options.refundRate ?? (sandbox ? DEMO_REFUND_RATE : PARTNER_REFUND_RATE);
  const refunds = new RefundsService({ db, partner, rate: refundRate, log });
  const packages = new EsimPackagesService({ partner, now: options.now });
  const credentials = credentialsOf(partnerConfig);
  const readiness = createReadiness({
    account,
    journal,
    reachability: partner.reachability,
    orderHold: partner.orderHold,
    credentials: () => credentials.assert(),
    offline: () => offline.readiness(),
  });
  catalog.startBackgroundRefresh();
  exchangeRates.start();
  const devices = new DeviceService({ db, partner, log });
  devices.startBackgroundRefresh();
  // After the services it tells of the service coming back.
  partner.reachability.start();
  const usage = new UsageService({ db, partner });
  const salesOptions = {
    db,
    partner,
    catalog,
    log,
    settleMs: options.settleMs,
    pricing,
    groupSettleMs: options.groupSettleMs,
    beforeSale: () => readiness.assertCanSell(),
    referenceTag: () => chain.tag(),
    journalFailed: (error: unknown, what: string) => journal.failed(error, what),
  };
  const sales = new SalesService({ ...salesOptions, events });
  const offline = createOfflineSales({
    db,
    sales,
    events,
    log,
    now: options.now,
    settings: () => settings.store().offlineSales,
    reachability: partner.reachability,
    orderHold: partner.orderHold,
    readiness,
  });
  // Demo's example sales are real sales dated on earlier days; they tell no screen, as no clerk made them.
  const examples = createExampleSales({
    db,
    seller: (now) => new SalesService({ ...salesOptions, now }),
    offers: (country) => catalog.packages({ country, type: 'local' }),
    timeZone: () => settings.timeZone(),
    now: options.now,
  });
  const futureOrders = new FutureOrdersService({
    db,
    partner,
    catalog,
    timeZone: () => settings.timeZone(),
    pricing,
    settleMs: options.settleMs,
    pollMs: options.futureOrdersPollMs,
    beforeSale: () => readiness.assertCanSell(),
    referenceTag: () => chain.tag(),
    log,
  });
  const topups = new TopupsService({
    db,
    partner,
    events,
    log,
    settleMs: options.settleMs,
    pricing,
    beforeSale: () => readiness.assertCanSell(),
    referenceTag: () => chain.tag(),
    journalFailed: (error, what) => journal.failed(error, what),
  });
  const background = startBackgroundWork({ sales, offline, topups, futureOrders, refunds, packages, journal, events, log });

  // Started once nothing more can fail, so a failed start leaves no worker behind.
  const checkpoints = startCheckpointing(db, { log });
  const backups = startBackupSchedule({ db, dataDir, environment, log });

  const info = appInfo({
    version: options.version,
    environment,
    transport: options.transport,
    checkpoints,
    auditChain,
    settings,
  });

  const close = new CloseService({
    db,
    partner,
    timeZone: () => settings.timeZone(),
    currency: () => settings.currency(),
    reasonThreshold: () => settings.store().closeReasonThreshold,
    afterCommit: () => void backups.take('close'),
    log,
    isOtherCountersOrder: (description) => chain.isOtherCountersOrder(description),
    offlineOpen: (from, to) => offline.openBetween(from, to),
  });
  chain.start();
  const vouchers = new VoucherService({ db, partner, catalog, pricing, beforePurchase: () => readiness.assertCanSell() });
  const esims = new EsimDeliveryService({ db, partner, codesVisible: (iccid, viewer) => sales.codesVisible(iccid, viewer) });
  const sheets = new ProductSheetService({
    db,
    partner,
    catalog,
    log,
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
  });

  // The app's own servers on this machine (the Demo sandbox, a local partner, browser mode's, added
  // when it is up): a printer's address is never one of them.
  const ownPorts = new Set<number>();
  const partnerUrl = new URL(partnerConfig.baseUrl);
  if (isLoopbackHost(partnerUrl.hostname)) ownPorts.add(Number(partnerUrl.port || 80));
  const printer = createReceiptPrinter(db, settings, log, () => ownPorts);
  const dispatch = createDispatcher({
    handlers: createHandlers({
      info,
      staff,
      sessions,
      settings,
      backups: createBackupsService({ db, dataDir, environment, log }),
      printer,
      catalog,
      trips: new TripPlanner(catalog),
      baskets: new BasketService(db, { sales, topups }),
      sales,
      offlineSales: offline,
      examples,
      futureOrders,
      display,
      topups,
      vouchers,
      usage,
      devices,
      partner,
      close,
      reports: new ReportsService(db, () => settings.timeZone()),
      account,
      exchangeRates,
      refunds,
      packages,
      readiness,
      chain,
      secrets,
      keeper: createVaultKeeper(secrets, log),
      credentials: () => credentials.view(),
      db,
      dataDir,
      log,
      fileLog,
      esims,
      sheets,
    }),
    sessions,
    log,
    onExpectedFailure: (method, cause, error) => {
      if (error.code === 'journal_unavailable') journal.failed(cause, method);
    },
    onRefused: ({ method, code, session }) => {
      try {
        recordRefusedCall(db, { method, code, staffId: session?.staffId ?? null, at: new Date().toISOString() });
      } catch (error) {
        log('could not audit a refused call', error);
      }
    },
  });

  return {
    dispatch,
    events,
    info,
    dataDir,
    environment,
    serving(origin) {
      ownPorts.add(Number(new URL(origin).port));
      folderLock.update({ url: origin });
    },
    db,
    sales,
    offlineSales: offline,
    chain,
    printerSettings: () => settings.printer(),
    updates: () => ({
      feedUrl: settings.store().updateFeed,
      saleOpen: (['sales', 'topups'] as const).some((table) => listOrderStates(db, table, UNSETTLED_STATUSES).length > 0),
    }),
    async close() {
      background.stop();
      journal.stop();
      await chain.stop();
      sales.stop();
      partner.reachability.stop();
      sessions.close();
      await backups.stop();
      await checkpoints.stop();
      display.close();
      catalog.stop();
      devices.stop();
      exchangeRates.stop();
      await sandbox?.close();
      db.close();
      fileLog.info('stop');
      fileLog.close();
      folderLock.release();
    },
  };
}
