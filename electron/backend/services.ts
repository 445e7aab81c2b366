/** What the handlers are given: every service app.ts builds, and the few facts of the running backend. */
import type { FileLog } from './common/log.ts';
import type { AppInfo, CredentialsView } from '../../shared/contract.ts';
import type { BackupsService } from './backups/service.ts';
import type { BasketService } from './baskets/service.ts';
import type { CatalogService } from './catalogue/service.ts';
import type { ProductSheetService } from './catalogue/product-sheets.ts';
import type { ChainService } from './chain/service.ts';
import type { EsimDeliveryService } from './delivery/service.ts';
import type { DeviceService } from './devices/service.ts';
import type { DisplayService } from './display/service.ts';
import type { Journal } from './journal/open.ts';
import type { FutureOrdersService } from './later-orders/future-orders.ts';
import type { PartnerClient } from './partner/client.ts';
import type { ExchangeRateService } from './pricing/exchange-rates.ts';
import type { PrinterService } from './printing/service.ts';
import type { RefundsService } from './refunds/service.ts';
import type { Readiness } from './sales/readiness.ts';
import type { SalesService } from './sales/service.ts';
import type { OfflineSales } from './sales/offline.ts';
import type { ExampleSales } from './sales/examples.ts';
import type { SecretStore } from './secrets/secrets.ts';
import type { VaultKeeper } from './secrets/vault/keeper.ts';
import type { AccountService } from './settings/account.ts';
import type { SettingsService } from './settings/service.ts';
import type { SessionHolder } from './staff/sessions.ts';
import type { StaffService } from './staff/service.ts';
import type { CloseService } from './till/close.ts';
import type { ReportsService } from './reports/service.ts';
import type { EsimPackagesService } from './topups/esim-packages.ts';
import type { TopupsService } from './topups/service.ts';
import type { TripPlanner } from './trips/service.ts';
import type { UsageService } from './usage/service.ts';
import type { VoucherService } from './vouchers/service.ts';

export type HandlerServices = {
  readonly info: AppInfo;
  readonly staff: StaffService;
  readonly sessions: SessionHolder;
  readonly settings: SettingsService;
  readonly backups: BackupsService;
  readonly printer: PrinterService;
  readonly catalog: CatalogService;
  /** Ways to cover a trip through several countries, from the catalogue. */
  readonly trips: TripPlanner;
  readonly sales: SalesService;
  /** Sales taken while the service is away, placed when it answers (`sales.createOffline`, `sales.queued`). */
  readonly offlineSales: OfflineSales;
  /** Several packages and top-ups for one payment, each line a sale or top-up of its own. */
  readonly baskets: BasketService;
  /** Demo's example sales on the days before today, once, for a manager to practise on. */
  readonly examples: ExampleSales;
  readonly futureOrders: FutureOrdersService;
  readonly display: DisplayService;
  readonly topups: TopupsService;
  readonly vouchers: VoucherService;
  readonly usage: UsageService;
  readonly devices: DeviceService;
  readonly partner: PartnerClient;
  readonly close: CloseService;
  readonly reports: ReportsService;
  readonly account: AccountService;
  readonly exchangeRates: ExchangeRateService;
  readonly refunds: RefundsService;
  readonly packages: EsimPackagesService;
  readonly readiness: Readiness;
  readonly chain: ChainService;
  readonly secrets: SecretStore;
  /** Keeps the secret vault's wraps in step with the managers' PINs. */
  readonly keeper: VaultKeeper;
  /** Whether the running environment's partner secret can be read now (app.ts works it out). */
  readonly credentials: () => CredentialsView;
  readonly db: Journal;
  readonly dataDir: string;
  readonly log: (message: string, error?: unknown) => void;
  /** The log file itself, for what is information rather than trouble (common/log.ts). */
  readonly fileLog: FileLog;
  /** A sold eSIM's e-mail, brand and "send again". */
  readonly esims: EsimDeliveryService;
  /** The partner's product sheets, opened in the system's browser on the desktop. */
  readonly sheets: ProductSheetService;
};
