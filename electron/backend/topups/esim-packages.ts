/**
 * An eSIM's packages as the service holds them (GET /v2/sims/{iccid}/packages): the one it was
 * sold with and every top-up, with what is left of each. The documents allow 10 reads a minute per
 * eSIM (older ones one per 15 minutes), so a list is kept a while and a 429's wait is honoured:
 * the last list is answered meanwhile, marked as such.
 */
import type { EsimPackage, EsimPackages } from '../../../shared/history.ts';
import { normalizeIccid } from '../../../shared/iccid.ts';
import { AppFailure } from '../../../shared/errors.ts';
import { iccidRefused, partnerFailure } from '../common/failures.ts';
import type { PartnerClient } from '../partner/client.ts';
import { PartnerError } from '../partner/errors.ts';
import { getPackageHistory } from '../partner/esim-history.ts';
import { clampRetryAfterSeconds, RETRY_AFTER_DEFAULT_SECONDS } from '../partner/retry-after.ts';
import type { PackageHistoryEntry } from '../partner/schemas/sims.ts';

/** A list this fresh is answered without asking; History and Top up open the same eSIM within moments. */
export const PACKAGES_FRESH_MS = 5 * 60_000;
/** Never two reads of one eSIM closer than this: 10 a minute is the documented limit. */
export const PACKAGES_SPACING_MS = 6_000;
const KEPT_MAX = 200;

type Kept = { value: EsimPackages; at: number; stale: boolean };

export class EsimPackagesService {
  readonly #partner: PartnerClient;
  readonly #now: () => number;
  readonly #kept = new Map<string, Kept>();
  /** Until when (ms) the service asked us not to read an eSIM's packages again. */
  readonly #waitUntil = new Map<string, number>();
  readonly #inFlight = new Map<string, Promise<EsimPackages>>();

  constructor(options: { partner: PartnerClient; now?: () => number }) {
    this.#partner = options.partner;
    this.#now = options.now ?? Date.now;
  }

  /** The packages of the eSIM with this ICCID (as typed or scanned); `refresh` asks the service unless it asked to wait. */
  get(rawIccid: string, refresh = false): Promise<EsimPackages> {
    const parsed = normalizeIccid(rawIccid);
    if (!parsed.ok) return Promise.reject(iccidRefused(parsed));
    const iccid = parsed.iccid;
    const kept = this.#kept.get(iccid);
    const now = this.#now();
    const waiting = (this.#waitUntil.get(iccid) ?? 0) > now;
    if (kept) {
      const age = now - kept.at;
      const wanted = refresh || kept.stale || age >= PACKAGES_FRESH_MS;
      if (!wanted || waiting || age < PACKAGES_SPACING_MS) return Promise.resolve({ ...kept.value, fromCache: true });
    }
    const pending = this.#inFlight.get(iccid);
    if (pending) return pending;
    const promise = this.#read(iccid, kept ?? null).finally(() => this.#inFlight.delete(iccid));
    this.#inFlight.set(iccid, promise);
    return promise;
  }

  /** A top-up of this eSIM completed: the next look asks the service again. */
  invalidate(rawIccid: string): void {
    const parsed = normalizeIccid(rawIccid);
    const kept = parsed.ok ? this.#kept.get(parsed.iccid) : undefined;
    if (kept) kept.stale = true;
  }

  async #read(iccid: string, kept: Kept | null): Promise<EsimPackages> {
    const waitUntil = this.#waitUntil.get(iccid) ?? 0;
    if (waitUntil > this.#now()) throw waitFailure(waitUntil - this.#now());
    let response;
    try {
      response = await getPackageHistory(this.#partner, iccid);
    } catch (error) {
      if (!(error instanceof PartnerError)) throw error;
      if (error.kind === 'not_found') {
        throw new AppFailure('not_found', `The eSIM service does not know the eSIM ${iccid}.`, {
          reason: 'esim_unknown',
          params: { iccid },
        });
      }
      if (error.kind === 'rate_limited') {
        const seconds = clampRetryAfterSeconds(error.details.retryAfterSeconds ?? RETRY_AFTER_DEFAULT_SECONDS);
        this.#waitUntil.set(iccid, this.#now() + seconds * 1000);
        if (kept) return { ...kept.value, fromCache: true };
        throw waitFailure(seconds * 1000);
      }
      // The service could not be asked: the last list, with its age, is better than nothing.
      if (kept) return { ...kept.value, fromCache: true };
      throw AppFailure.from(partnerFailure(error, 'the eSIM’s packages'));
    }
    const at = this.#now();
    const value: EsimPackages = {
      iccid,
      packages: response.data.map(packageOf),
      asOf: new Date(at).toISOString(),
      fromCache: false,
    };
    this.#kept.delete(iccid);
    this.#kept.set(iccid, { value, at, stale: false });
    this.#waitUntil.delete(iccid);
    if (this.#kept.size > KEPT_MAX) this.#kept.delete(this.#kept.keys().next().value!);
    return value;
  }
}

function packageOf(entry: PackageHistoryEntry): EsimPackage {
  const p = entry.package;
  return {
    id: entry.id,
    status: entry.status,
    kind: p.type === 'topup' ? 'topup' : 'sim',
    packageId: p.id,
    title: p.title,
    data: p.data,
    days: p.day,
    isUnlimited: p.is_unlimited,
    remainingMb: p.is_unlimited ? null : entry.remaining,
    activatedAt: utc(entry.activated_at),
    expiresAt: utc(entry.expired_at),
    finishedAt: utc(entry.finished_at),
  };
}

/** The service writes these with an offset (2023-01-09T10:30:45+00:00); the counter keeps UTC. */
const utc = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

function waitFailure(waitMs: number): AppFailure {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppFailure(
    'rate_limited',
    `The eSIM service asked us to wait ${seconds} s before reading this eSIM’s packages again.`,
    {
      retryAfterSeconds: seconds,
    },
  );
}
