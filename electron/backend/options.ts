/**
 * What a counter's backend is to the shells and tests that start one (createBackend in app.ts
 * builds it): the options it takes and what it hands back.
 */
import type { AppInfo, Environment } from '../../shared/contract.ts';
import type { PrinterSettings } from '../../shared/settings.ts';
import type { ChainService } from './chain/service.ts';
import type { Journal } from './journal/open.ts';
import type { EventBus } from './events.ts';
import type { Dispatch } from './rpc.ts';
import type { SecretStore } from './secrets/secrets.ts';
import type { PartnerConfig } from './settings/partner-settings.ts';
import type { ScryptParams } from './staff/pin-hash.ts';
import type { RefundRate } from './refunds/service.ts';
import type { OfflineSales } from './sales/offline.ts';
import type { SalesService } from './sales/service.ts';
import type { FileLog } from './common/log.ts';

export type BackendOptions = {
  readonly dataDir: string;
  readonly transport: AppInfo['transport'];
  readonly version?: string;
  /** Defaults to the OS keychain, else an owner-only file in the data folder; the Electron shell passes its safeStorage store. */
  readonly secrets?: SecretStore;
  /** Where the partner service is; without it the embedded Demo sandbox is started. */
  readonly partner?: PartnerConfig;
  readonly log?: (message: string, error?: unknown) => void;
  /** The log file (common/log.ts), opened in the data folder once its journal opens; a shell passes its own to log there too. */
  readonly fileLog?: FileLog;
  /** How long an uncertain sale waits before "not found" is believed (tests shorten it). */
  readonly settleMs?: number;
  /** How long a minute of the idle-lock setting lasts (default 60,000 ms; tests of the lock shorten it). */
  readonly idleLockMinuteMs?: number;
  /** The same for a group order, which the service makes in the background (default 10 minutes). */
  readonly groupSettleMs?: number;
  /** How often the service's lists of future orders are read (default 5 minutes). */
  readonly futureOrdersPollMs?: number;
  /** How often an unanswering partner service is probed, and a full journal tried again (tests shorten them). */
  readonly probeIntervalMs?: number;
  readonly journalProbeMs?: number;
  /** The Demo sandbox's port (default: any free one); tests fix it to reach its control API. */
  readonly demoSandboxPort?: number;
  /** How often the head office shipper looks for new rows, and its longest wait after a failure (tests shorten them). */
  readonly chainPollMs?: number;
  readonly chainMaxBackoffMs?: number;
  /** How many refund requests the service takes (default: the documented limit; in Demo, the sandbox's). */
  readonly refundRate?: RefundRate;
  /** The partner client's clock, which the service's waits run on (tests move it past one). */
  readonly now?: () => number;
  /** The Electron shell's shell.openExternal: a package's terms and sheet open in the system's browser. */
  readonly openExternal?: (url: string) => Promise<void>;
  /** How PINs are hashed (default OWASP's scrypt, the cheapest allowed in Demo); a test that signs in hundreds of times passes the cheapest. */
  readonly pinHashing?: ScryptParams;
};

export type Backend = {
  readonly dispatch: Dispatch;
  readonly events: EventBus;
  readonly info: AppInfo;
  readonly dataDir: string;
  readonly environment: Environment;
  /**
   * Browser mode's address once it serves: the folder lock says it (a second start on the folder can
   * say where this one is), and its port is one of the app's own servers, never a printer.
   */
  serving(origin: string): void;
  readonly db: Journal;
  readonly sales: SalesService;
  /** Sales taken while the service was away: placed by the background work, or at once by a test. */
  readonly offlineSales: OfflineSales;
  readonly chain: ChainService;
  /** The voucher printer set by a manager, for the shell's printing. */
  printerSettings(): PrinterSettings;
  /** For the shell's updater: the store's own feed, and whether a sale or top-up is still being settled. */
  updates(): { readonly feedUrl: string | null; readonly saleOpen: boolean };
  close(): Promise<void>;
};
