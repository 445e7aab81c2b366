/**
 * Usage of an eSIM, read at most once per 15 minutes per ICCID. The service refuses earlier reads
 * (429), so the last reading is kept in the journal with the earliest moment the service may be
 * asked again, and every request before that moment is answered from it, restarts included.
 */
import type { UsageReading } from '../../../shared/esims.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import { getSaleOfEsim } from '../sales/db.ts';
import { getUsageCache, putUsageCache, setUsageNextAllowed, type UsageCacheRow } from './db.ts';
import type { Journal } from '../journal/open.ts';
import type { PartnerClient } from '../partner/client.ts';
import { iccidRefused, partnerFailure } from '../common/failures.ts';
import { QUICK_RETRY, retryRead } from '../partner/retry.ts';
import { PartnerError } from '../partner/errors.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_MAX_SECONDS } from '../partner/retry-after.ts';
import { Usage } from '../partner/schemas/sims.ts';
import { getUsage } from '../partner/sims.ts';
import { AppFailure } from '../../../shared/errors.ts';

export const USAGE_WINDOW_MS = 15 * 60_000;

export type { UsageReading };

/** A reading as the service gives it, before what the journal knows of the eSIM is added. */
type ServiceReading = Omit<UsageReading, 'packageDays'>;

export type UsageServiceOptions = {
  readonly db: Journal;
  readonly partner: PartnerClient;
  readonly now?: () => number;
  readonly windowMs?: number;
};

export class UsageService {
  readonly #db: Journal;
  readonly #partner: PartnerClient;
  readonly #now: () => number;
  readonly #windowMs: number;
  readonly #inFlight = new Map<string, Promise<UsageReading>>();

  constructor(options: UsageServiceOptions) {
    this.#db = options.db;
    this.#partner = options.partner;
    this.#now = options.now ?? Date.now;
    this.#windowMs = options.windowMs ?? USAGE_WINDOW_MS;
  }

  /** The usage of the eSIM with this ICCID (as typed or scanned). Throws AppFailure with words for the clerk. */
  get(rawIccid: string): Promise<UsageReading> {
    const parsed = normalizeIccid(rawIccid);
    if (!parsed.ok) return Promise.reject(iccidRefused(parsed));
    const iccid = parsed.iccid;
    const pending = this.#inFlight.get(iccid);
    if (pending) return pending;
    const promise = this.#read(iccid)
      .then((reading) => ({ ...reading, packageDays: this.#packageDays(iccid) }))
      .finally(() => this.#inFlight.delete(iccid));
    this.#inFlight.set(iccid, promise);
    return promise;
  }

  /** The days of the package sold with the eSIM, for "the 30 days start when it connects". */
  #packageDays(iccid: string): number | null {
    return getSaleOfEsim(this.#db, iccid)?.packageDays ?? null;
  }

  async #read(iccid: string): Promise<ServiceReading> {
    const now = this.#now();
    const stored = getUsageCache(this.#db, iccid);
    const cached = stored && { ...stored, nextAllowedAt: iso(this.#nextAllowed(stored, now)) };
    if (cached && now < Date.parse(cached.nextAllowedAt)) {
      const reading = fromRow(cached);
      if (reading) return reading;
      throw waitFailure(Date.parse(cached.nextAllowedAt) - now);
    }

    let usage: Usage;
    try {
      // Each read the service receives counts against its 15-minute limit: only one that never
      // reached it is tried again.
      usage = await retryRead(() => getUsage(this.#partner, iccid), { ...QUICK_RETRY, onlyUnsent: true });
    } catch (error) {
      return this.#afterFailure(iccid, cached, error);
    }
    // The time the answer arrived: a slow answer must not shorten the wait the service counts.
    const at = this.#now();
    const row: UsageCacheRow = {
      iccid,
      payload: JSON.stringify(usage),
      fetchedAt: iso(at),
      nextAllowedAt: iso(at + this.#windowMs),
      updatedAt: iso(at),
    };
    putUsageCache(this.#db, row);
    return { ...toReading(iccid, usage, row), fromCache: false };
  }

  /**
   * A row written before waits were capped may say "in ten years": the wait never runs past the
   * longer of the usage window and the Retry-After cap, counted from when the wait was written.
   */
  #nextAllowed(row: UsageCacheRow, now: number): number {
    const stored = Date.parse(row.nextAllowedAt);
    const written = Date.parse(row.updatedAt);
    const longest = (Number.isNaN(written) ? now : written) + Math.max(this.#windowMs, RETRY_AFTER_MAX_SECONDS * 1000);
    return Number.isNaN(stored) ? now : Math.min(stored, longest);
  }

  #afterFailure(iccid: string, cached: UsageCacheRow | null, error: unknown): ServiceReading {
    const at = this.#now();
    if (!(error instanceof PartnerError)) throw error;
    if (error.kind === 'not_found') {
      throw new AppFailure(
        'not_found',
        `The partner service does not know the eSIM ${iccid}. Check the ICCID on the card or receipt.`,
        { reason: 'esim_unknown', params: { iccid } },
      );
    }
    // Only an answer of the service starts a wait: its 429, or a reply it sent that could not be read.
    // A read that met no answer (unreachable, cut, timed out) is said as such and may be made again
    // at once: holding the eSIM for 15 minutes on a guess blocked clerks while the service asked nothing.
    const counted = error.kind === 'rate_limited' || error.kind === 'malformed_response';
    if (counted) {
      const waitMs =
        error.kind === 'rate_limited' && error.details.retryAfterSeconds !== undefined
          ? clampRetryAfterSeconds(error.details.retryAfterSeconds) * 1000
          : this.#windowMs;
      const nextAllowedAt = iso(Math.max(at + waitMs, cached ? this.#nextAllowed(cached, at) : 0));
      if (cached) setUsageNextAllowed(this.#db, iccid, nextAllowedAt, iso(at));
      else putUsageCache(this.#db, { iccid, payload: null, fetchedAt: iso(at), nextAllowedAt, updatedAt: iso(at) });
      const stored = getUsageCache(this.#db, iccid);
      const reading = stored ? fromRow(stored) : null;
      if (reading) return reading;
      if (error.kind === 'rate_limited') throw waitFailure(Date.parse(nextAllowedAt) - at);
    } else if (cached) {
      // The service could not be asked: the last reading, with its age, is better than nothing.
      const reading = fromRow(cached);
      if (reading) return reading;
    }
    throw toAppFailure(error);
  }
}

function fromRow(row: UsageCacheRow): ServiceReading | null {
  if (row.payload === null) return null;
  const parsed = Usage.safeParse(JSON.parse(row.payload));
  if (!parsed.success) return null;
  return { ...toReading(row.iccid, parsed.data, row), fromCache: true };
}

function toReading(iccid: string, usage: Usage, row: UsageCacheRow): Omit<ServiceReading, 'fromCache'> {
  const unlimited = usage.is_unlimited === true;
  return {
    iccid,
    status: usage.status,
    remainingMb: unlimited ? null : usage.remaining,
    totalMb: unlimited ? null : usage.total,
    isUnlimited: unlimited,
    expiresAt: usage.expired_at ? partnerTimeToIso(usage.expired_at) : null,
    asOf: row.fetchedAt,
    nextRefreshAt: row.nextAllowedAt,
  };
}

/** The partner's "YYYY-MM-DD HH:MM:SS" is UTC. */
export function partnerTimeToIso(value: string): string {
  return new Date(`${value.replace(' ', 'T')}Z`).toISOString();
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function waitFailure(waitMs: number): AppFailure {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppFailure(
    'rate_limited',
    `The partner service allows one usage check per eSIM every 15 minutes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
}

function toAppFailure(error: PartnerError): AppFailure {
  return AppFailure.from(partnerFailure(error, 'the usage'));
}
