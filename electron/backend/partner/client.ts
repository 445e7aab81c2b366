/**
 * The core of the partner client: one authorised `call` that every operation module
 * (packages.ts, orders.ts, sims.ts, devices.ts) goes through. A 401 leads to one shared token
 * refresh and one retry — safe even for orders, because a refused token means nothing was done.
 */
import type { z } from 'zod';
import { PartnerError } from './errors.ts';
import { createHttp, probeService, type PartnerRequest } from './http.ts';
import { OrderHold } from './order-hold.ts';
import { Reachability } from './reachability.ts';
import type { OrderHold as HeldOrders, ServiceReachability } from '../../../shared/sales.ts';
import { TokenManager } from './token.ts';
import type { SecretStore } from '../secrets/secrets.ts';

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
  /** Told when the service's 429 on an order holds every order (order-hold.ts). */
  readonly onOrderHold?: (hold: HeldOrders) => void;
};

export type PartnerClient = {
  readonly tokens: TokenManager;
  /** Whether the service answers, fed by every request this client makes. */
  readonly reachability: Reachability;
  /** Orders held after the service asked us to wait. */
  readonly orderHold: OrderHold;
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

  const orderHold = new OrderHold({ now: options.now, onChange: options.onOrderHold });

  async function authorised<S extends z.ZodType>(req: Omit<PartnerRequest<S>, 'token'>): Promise<z.output<S>> {
    const token = await tokens.get();
    try {
      return await http({ ...req, token });
    } catch (error) {
      if (!(error instanceof PartnerError) || error.kind !== 'auth' || error.details.status !== 401) throw error;
      const fresh = await tokens.refresh(token);
      return http({ ...req, token: fresh });
    }
  }

  return {
    tokens,
    reachability,
    orderHold,
    orderTimeoutMs: options.orderTimeoutMs ?? 45_000,
    async call(req) {
      if (!req.order) return authorised(req);
      // Whichever path sends an order (a retry, a timer's future order), none goes out while held.
      const held = orderHold.current();
      if (held) {
        throw new PartnerError('rate_limited', 'Orders are held: the partner service asked us to wait.', {
          retryAfterSeconds: held.seconds,
        });
      }
      try {
        return await authorised(req);
      } catch (error) {
        if (error instanceof PartnerError && error.kind === 'rate_limited') orderHold.note(error.details.retryAfterSeconds);
        throw error;
      }
    },
  };
}
