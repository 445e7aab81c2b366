/**
 * The access token: fetched once, kept through the secret store so a restart does not spend one of
 * the few token requests a minute, and refreshed single-flight when the service says 401.
 */
import { PartnerError } from './errors.ts';
import type { Http } from './http.ts';
import { clampRetryAfterSeconds } from './retry-after.ts';
import { TokenResponse } from './schemas/token.ts';
import type { SecretStore } from '../secrets/secrets.ts';
import { SecretsLockedError } from '../secrets/vault/store.ts';

export type TokenManagerOptions = {
  readonly http: Http;
  readonly clientId: string;
  /** A function when the secret is read at each fetch: a vault may open only after the start. */
  readonly clientSecret: string | (() => string);
  readonly store: SecretStore;
  /** Distinguishes tokens of different environments in one store. */
  readonly storeKey: string;
  readonly now?: () => number;
  /** Default TOKEN_REQUESTS_PER_MINUTE. */
  readonly maxRequestsPerMinute?: number;
  /** Where a failing secret store is reported; no line ever carries the token. */
  readonly log?: (message: string, error?: unknown) => void;
};

/**
 * The interface document allowed five token requests a minute; the partner's current rate-limit
 * and token pages say three. Asking a fourth time only earns a 429, so we hold to the lower.
 */
export const TOKEN_REQUESTS_PER_MINUTE = 3;

type StoredToken = { token: string; expiresAt: number };

/** The service says a token lives a year but advises refreshing daily; we follow the advice. */
const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;

export class TokenManager {
  readonly #options: TokenManagerOptions;
  readonly #now: () => number;
  #current: StoredToken | null = null;
  /** Whether the saved token was read: a locked vault is read again once a manager has opened it. */
  #loaded = false;
  #inFlight: Promise<string> | null = null;
  #requestTimes: number[] = [];

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#current = this.#load();
  }

  /** A valid token, fetching one only when none is held. */
  async get(): Promise<string> {
    if (!this.#loaded && !this.#current) this.#current = this.#load();
    if (this.#current && this.#current.expiresAt > this.#now()) return this.#current.token;
    return this.#fetchOnce();
  }

  /** Called after a 401 with the token that was refused; concurrent callers share one refresh. */
  async refresh(refused: string): Promise<string> {
    if (this.#current && this.#current.token !== refused && this.#current.expiresAt > this.#now()) {
      return this.#current.token;
    }
    if (this.#current?.token === refused) {
      this.#current = null;
      this.#tryStore('remove the refused token from', (store) => store.delete(this.#options.storeKey));
    }
    return this.#fetchOnce();
  }

  #fetchOnce(): Promise<string> {
    this.#inFlight ??= this.#fetch().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  async #fetch(): Promise<string> {
    // Before the minute's count: a secret that cannot be read yet reaches no service.
    const { clientSecret } = this.#options;
    const secret = typeof clientSecret === 'string' ? clientSecret : clientSecret();
    const now = this.#now();
    const limit = this.#options.maxRequestsPerMinute ?? TOKEN_REQUESTS_PER_MINUTE;
    this.#requestTimes = this.#requestTimes.filter((t) => now - t < 60_000);
    if (this.#requestTimes.length >= limit) {
      const waitMs = 60_000 - (now - this.#requestTimes[0]!);
      throw new PartnerError('rate_limited', 'Too many sign-ins to the partner service in the last minute.', {
        retryAfterSeconds: clampRetryAfterSeconds(waitMs / 1000),
      });
    }
    this.#requestTimes.push(now);
    let response;
    try {
      response = await this.#send(secret);
    } catch (error) {
      // One that never reached the service did not count there either: a network that is down
      // must not use up the minute's sign-ins and make the counter wait once it is back.
      if (error instanceof PartnerError && error.kind === 'network_before_send') {
        this.#requestTimes = this.#requestTimes.filter((t) => t !== now);
      }
      // The service answers an unknown client id with a 422 on its field: refused credentials all the same.
      if (error instanceof PartnerError && error.kind === 'validation') {
        throw new PartnerError('auth', error.message, { status: error.details.status }, { cause: error });
      }
      throw error;
    }
    const lifetimeMs = Math.min(response.data.expires_in * 1000, MAX_TOKEN_AGE_MS);
    const stored: StoredToken = { token: response.data.access_token, expiresAt: this.#now() + lifetimeMs };
    this.#current = stored;
    this.#tryStore('save the access token in', (store) => store.set(this.#options.storeKey, JSON.stringify(stored)));
    return stored.token;
  }

  #send(clientSecret: string) {
    return this.#options.http({
      method: 'POST',
      path: '/v2/token',
      body: {
        encoding: 'multipart',
        fields: {
          client_id: this.#options.clientId,
          client_secret: clientSecret,
          grant_type: 'client_credentials',
        },
      },
      schema: TokenResponse,
    });
  }

  /**
   * A store that cannot be used (no OS keychain) costs only a token request after a restart: the
   * token is kept in memory regardless, so selling is never stopped by the keychain. The failure
   * is logged, so a store that keeps failing is seen before it costs the few sign-ins a minute.
   */
  #tryStore(what: string, use: (store: SecretStore) => void): 'locked' | 'tried' {
    try {
      use(this.#options.store);
      return 'tried';
    } catch (error) {
      // A locked vault: the token lives in memory until a manager opens it, as designed.
      if (error instanceof SecretsLockedError) return 'locked';
      const where = this.#options.store.kind ?? 'secret';
      this.#log(
        `partner token: could not ${what} the ${where} store (${this.#options.storeKey}); it is kept in memory only`,
        error,
      );
      return 'tried';
    }
  }

  #load(): StoredToken | null {
    let raw: string | null = null;
    const read = this.#tryStore('read the saved access token from', (store) => (raw = store.get(this.#options.storeKey)));
    this.#loaded = read === 'tried';
    if (!raw) return null;
    let value: Partial<StoredToken> | null = null;
    try {
      value = JSON.parse(raw) as Partial<StoredToken>;
    } catch {
      // The parser's message would quote the stored text, which is the token.
    }
    if (value && typeof value.token === 'string' && typeof value.expiresAt === 'number') return value as StoredToken;
    this.#log(`partner token: the saved access token (${this.#options.storeKey}) is not readable; a new one will be fetched`);
    return null;
  }

  #log(message: string, error?: unknown): void {
    if (this.#options.log) this.#options.log(message, error);
    else console.error(message, error ?? '');
  }
}
