/**
 * "Does this phone take an eSIM?": the partner's device list, cached in the journal, refreshed in
 * the background and searched offline per keystroke with typo tolerance.
 */
import type { DeviceMatch } from '../../../shared/esims.ts';
import { buildIndex, type RankedIndex } from '../../../shared/search.ts';
import { compactNumber, modelNumbers } from './models.ts';
import { deviceId, devicesFetchedAt, listDevices, replaceDevices, type DeviceRow } from './db.ts';
import type { Journal } from '../journal/open.ts';
import type { PartnerClient } from '../partner/client.ts';
import { getDevices } from '../partner/devices.ts';
import { Refresher } from '../catalogue/refresher.ts';

export type { DeviceMatch };

export type DeviceStatus = { readonly count: number; readonly fetchedAt: string | null };

export type DeviceServiceOptions = {
  readonly db: Journal;
  readonly partner: PartnerClient;
  readonly now?: () => number;
  /** Told about a failed background refresh; the cached list stays in use. */
  readonly log?: (message: string, error: unknown) => void;
};

export const DEVICE_REFRESH_MS = 24 * 60 * 60_000;

/**
 * The device index, built once per refresh: brand, name, the partner's model code if it sends one,
 * and the model numbers of our own table, each also written together ("sms918b") so that "SM-S918B",
 * "S918B" and "s918" all find it. Exported for the bench.
 */
export function buildDeviceIndex(devices: readonly DeviceMatch[]): RankedIndex<DeviceMatch> {
  // The service's list repeats devices (one entry per regional model code); one is enough to answer.
  const unique = new Map(devices.map((d) => [deviceId(d), d]));
  const numbers = (d: DeviceMatch) =>
    [d.model ?? '', ...modelNumbers(d.brand, d.name)].map((n) => `${n} ${compactNumber(n)}`).join(' ');
  const index = buildIndex([...unique.values()], {
    fields: ['brand', 'name', 'model'],
    boost: { name: 2, brand: 1, model: 1 },
    extract: (d, field) => (field === 'brand' ? d.brand : field === 'name' ? d.name : numbers(d)),
  });
  return {
    docs: index.docs,
    search(query, filter) {
      // The deprecated full list has a row per regional model: once each shows the number typed, one is enough.
      const found = index.search(query, filter).map((d) => withNumberTyped(d, query));
      const seen = new Set<string>();
      return found.filter((d) => !seen.has(deviceId(d)) && seen.add(deviceId(d)));
    },
  };
}

/**
 * A device found by a model number the partner did not send, with that number as its model, so
 * the clerk sees which phone the number is ("SM-S918B" → Galaxy S23 Ultra, SM-S918B) and the
 * verdict can say it matched.
 */
function withNumberTyped(device: DeviceMatch, query: string): DeviceMatch {
  const typed = compactNumber(query);
  if (typed.length < 3 || !/\d/.test(typed)) return device;
  if (device.model && compactNumber(device.model).includes(typed)) return device;
  const number = modelNumbers(device.brand, device.name).find((n) => compactNumber(n).includes(typed));
  return number ? { ...device, model: number } : device;
}

export class DeviceService {
  readonly #db: Journal;
  readonly #partner: PartnerClient;
  readonly #now: () => number;
  readonly #log: DeviceServiceOptions['log'];
  #index: RankedIndex<DeviceMatch> | null = null;
  #fetchedAt: string | null = null;
  #refreshing: Promise<DeviceStatus> | null = null;
  #refresher: Refresher | null = null;

  constructor(options: DeviceServiceOptions) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
  }

  /** Fetches the list and replaces the cache in one transaction. Concurrent calls share one fetch. */
  refresh(): Promise<DeviceStatus> {
    this.#refreshing ??= (async () => {
      const devices = await getDevices(this.#partner);
      replaceDevices(this.#db, devices, new Date(this.#now()).toISOString());
      this.#loadFromCache();
      return this.status();
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /** Ranked matches on brand, name and model number, from the cache (works offline). Empty query: nothing. */
  search(query: string, limit = 20): DeviceMatch[] {
    return this.#ensureIndex().search(query).slice(0, limit);
  }

  status(): DeviceStatus {
    return { count: this.#ensureIndex().docs.length, fetchedAt: this.#fetchedAt };
  }

  /**
   * Refreshes now when the cache is empty or older than `intervalMs`, then every `intervalMs`. A
   * failed refresh keeps the cached list, is retried with backoff, and is made again as soon as the
   * service answers (serviceBack): a counter started offline does not wait a day for its list.
   */
  startBackgroundRefresh(intervalMs = DEVICE_REFRESH_MS): void {
    this.stop();
    this.#ensureIndex();
    this.#refresher = new Refresher({
      name: 'device list',
      refresh: () => this.refresh(),
      age: () => (this.#fetchedAt === null ? Infinity : this.#now() - Date.parse(this.#fetchedAt)),
      intervalMs,
      log: this.#log,
    });
    this.#refresher.start();
  }

  serviceBack(): Promise<void> {
    return this.#refresher?.serviceBack() ?? Promise.resolve();
  }

  stop(): void {
    this.#refresher?.stop();
  }

  #ensureIndex(): RankedIndex<DeviceMatch> {
    return this.#index ?? this.#loadFromCache();
  }

  #loadFromCache(): RankedIndex<DeviceMatch> {
    const rows: DeviceRow[] = listDevices(this.#db);
    this.#index = buildDeviceIndex(rows.map(({ brand, name, model, os }) => ({ brand, name, model, os })));
    this.#fetchedAt = devicesFetchedAt(this.#db);
    return this.#index;
  }
}
