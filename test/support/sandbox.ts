// Starts a sandbox on a random port for a test and gives it a typed control-API client.
import { startSandbox, type Sandbox } from '../../electron/sandbox/server.ts';
import type { SandboxOptions } from '../../electron/sandbox/context.ts';
import type { FaultSpec } from '../../electron/sandbox/faults.ts';
import type { LoggedRequest } from '../../electron/sandbox/request-log.ts';

export type ControlClient = {
  advanceClock(ms: number): Promise<{ now: string; now_ms: number; offset_ms: number }>;
  clock(): Promise<{ now: string; now_ms: number; offset_ms: number }>;
  useData(iccid: string, mb: number): Promise<unknown>;
  recycle(iccid: string): Promise<unknown>;
  setStock(packageId: string, n: number | null): Promise<unknown>;
  setBalance(amount: number): Promise<unknown>;
  fault(spec: FaultSpec): Promise<unknown>;
  clearFaults(): Promise<unknown>;
  /** Lets the requests a `hold` fault holds through to the service. */
  release(): Promise<unknown>;
  /** How many requests a `hold` fault holds now. */
  held(): Promise<{ held: number }>;
  /** Every partner-API request the sandbox received (control API excluded), oldest first. */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<unknown>;
  reset(): Promise<unknown>;
  orders(): Promise<Record<string, unknown>[]>;
  webhooks(): Promise<Record<string, unknown>[]>;
  emails(): Promise<Record<string, unknown>[]>;
  /** The partner's manual review of a refund request: approve (all its eSIMs, or those named) or reject. */
  decideRefund(refundId: string, approve: boolean, iccids?: readonly string[]): Promise<unknown>;
};

export type TestSandbox = {
  sandbox: Sandbox;
  url: string;
  control: ControlClient;
  /** A fresh access token (counts against the token rate limit). */
  token(): Promise<string>;
  close(): Promise<void>;
};

export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  return testSandboxOf(await startSandbox({ port: 0, tickIntervalMs: 0, ...opts }));
}

/** A running sandbox (the test's own, or the app's Demo one) with the control client. */
export function testSandboxOf(sandbox: Sandbox): TestSandbox {
  const url = sandbox.url;
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`control ${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const control: ControlClient = {
    advanceClock: (ms) => call('POST', '/clock/advance', { ms }),
    clock: () => call('GET', '/clock'),
    useData: (iccid, mb) => call('POST', `/sims/${iccid}/use`, { mb }),
    recycle: (iccid) => call('POST', `/sims/${iccid}/recycle`),
    setStock: (packageId, n) => call('POST', '/stock', { package_id: packageId, quantity: n }),
    setBalance: (amount) => call('POST', '/balance', { amount }),
    fault: (spec) => call('POST', '/faults', spec),
    clearFaults: () => call('DELETE', '/faults'),
    release: () => call('POST', '/faults/release'),
    held: () => call('GET', '/faults/held'),
    requests: () => call('GET', '/requests'),
    clearRequests: () => call('DELETE', '/requests'),
    reset: () => call('POST', '/reset'),
    orders: async () => (await call('GET', '/orders')).orders,
    webhooks: async () => (await call('GET', '/webhooks')).deliveries,
    emails: async () => (await call('GET', '/emails')).emails,
    decideRefund: (refundId, approve, iccids) =>
      call('POST', `/refunds/${refundId}/decide`, iccids ? { approve, iccids } : { approve }),
  };
  const token = async (): Promise<string> => {
    const res = await fetch(`${url}/v2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: sandbox.clientId,
        client_secret: sandbox.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    if (res.status !== 200) throw new Error(`token → ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };
  return { sandbox, url, control, token, close: () => sandbox.close() };
}
