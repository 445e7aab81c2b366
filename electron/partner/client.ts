/**
 * The core of the partner client: one authorised `call` that every operation module
 * (packages.ts, orders.ts, sims.ts, devices.ts) goes through. A 401 leads to one shared token
 * refresh and one retry — safe even for orders, because a refused token means nothing was done.
 */
import type { z } from 'zod';
import { PartnerError } from './errors.ts';
import { createHttp, probeService, type PartnerRequest } from './http.ts';
import { Reachability } from './reachability.ts';
import type { ServiceReachability } from '../../shared/sales.ts';
import { TokenManager } from './token.ts';
import type { SecretStore } from '../secrets.ts';

export type PartnerClientOptions = {
  readonly baseUrl: string;
  readonly clientId: string;
  /** A function when it is read at each token fetch (the vault opens after the start). */
  readonly clientSecret: string | (() => string);
  readonly secrets: SecretStore;
  readonly fetch?: typeof fetch;
  /** For ordinary reads (default 20 s). */
  readonly timeoutMs?: number;
  /** For orders and top-ups, which the service may take a while to fulfil (default 45 s). */
  readonly orderTimeoutMs?: number;
  readonly now?: () => number;
  /** Token requests this client allows itself a minute (default 3, the partner's current limit). */
  readonly tokenRequestsPerMinute?: number;
  /** Where secret-store failures are told (the token then lives in memory). */
  readonly log?: (message: string, error?: unknown) => void;
  /** Told when the service starts or stops answering. */
  readonly onReachabilityChange?: (state: ServiceReachability) => void;
  /** How often an unanswering service is probed (default 15 s; tests shorten it). */
  readonly probeIntervalMs?: number;
};

export type PartnerClient = {
  readonly tokens: TokenManager;
  /** Whether the service answers, fed by every request this client makes. */
  readonly reachability: Reachability;
  readonly orderTimeoutMs: number;
  call<S extends z.ZodType>(req: Omit<PartnerRequest<S>, 'token'>): Promise<z.output<S>>;
};

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const reachability = new Reachability({
    probe: () => probeService(options.baseUrl, options.fetch),
    now: options.now,
    onChange: options.onReachabilityChange,
    intervalMs: options.probeIntervalMs,
    log: options.log,
  });
  const http = createHttp({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    defaultTimeoutMs: options.timeoutMs,
    now: options.now,
    observe: reachability,
  });
  const tokens = new TokenManager({
    http,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    store: options.secrets,
    storeKey: `partner-token:${options.baseUrl}:${options.clientId}`,
    now: options.now,
    maxRequestsPerMinute: options.tokenRequestsPerMinute,
    log: options.log,
  });

  return {
    tokens,
    reachability,
    orderTimeoutMs: options.orderTimeoutMs ?? 45_000,
    async call(req) {
      const token = await tokens.get();
      try {
        return await http({ ...req, token });
      } catch (error) {
        if (!(error instanceof PartnerError) || error.kind !== 'auth' || error.details.status !== 401) throw error;
        const fresh = await tokens.refresh(token);
        return http({ ...req, token: fresh });
      }
    },
  };
}
