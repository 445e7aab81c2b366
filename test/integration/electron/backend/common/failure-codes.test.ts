// Every expected failure, walked through the contract against the real sandbox over HTTP: each
// answers its own code from the closed set, and none reaches the counter as `internal`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../../../shared/errors.ts';
import type { SalesReadiness, SaleView } from '../../../../../shared/sales.ts';
import { startSandbox, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../../../electron/sandbox/server.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { fillJournal } from '../../../../support/journal.ts';
import { freePort } from '../../../../support/browser-mode.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { until } from '../../../../support/until.ts';

let ts: TestSandbox;
let test: TestBackend;
let packageId: string;
let iccid: string;
const seen: string[] = [];

/** The error code a call answers (recorded, so the walk can say none was `internal`). */
async function codeOf(backend: TestBackend, method: string, input: unknown = {}): Promise<string> {
  const result = (await backend.backend.dispatch(method, input)) as Result<unknown>;
  const code = result.ok ? 'ok' : result.error.code;
  seen.push(`${method}:${code}`);
  return code;
}

const ordersSent = async () => (await ts.control.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders').length;

beforeAll(async () => {
  ts = await startTestSandbox();
  test = await startTestBackend(ts, { probeIntervalMs: 300, journalProbeMs: 100 });
  await test.signIn('manager');
  packageId = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!.id;
  const sale = await test.call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
  iccid = sale.esims[0]!.iccid;
});
afterAll(async () => {
  await test.backend.close();
  await ts.close();
  expect(seen.filter((s) => s.endsWith(':internal'))).toEqual([]);
});

describe('the partner service failing, call by call', () => {
  const faults = [
    { kind: 'reset-before', code: 'service_unreachable' },
    { kind: 'status', status: 500, code: 'partner_error' },
    { kind: 'status', status: 429, retryAfter: 30, code: 'rate_limited' },
    { kind: 'status', status: 422, code: 'partner_rejected' },
    { kind: 'malformed-json', code: 'partner_error' },
  ] as const;
  for (const { code, ...fault } of faults) {
    it(`${fault.kind}${'status' in fault ? ` ${fault.status}` : ''}: top-up look-up, balance and usage answer ${code}`, async () => {
      await ts.control.fault({ match: { path: '^/v2/sims/' }, ...fault, times: 10 });
      await ts.control.fault({ match: { path: '^/v2/balance' }, ...fault, times: 10 });
      expect(await codeOf(test, 'topups.options', { iccid })).toBe(code);
      expect(await codeOf(test, 'account.balance', { refresh: true })).toBe(code);
      // Usage is read once per 15 minutes: a fresh eSIM's first read meets the fault.
      const other = await test.call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'cash' });
      expect(await codeOf(test, 'usage.get', { iccid: other.esims[0]!.iccid })).toBe(code);
      await ts.control.clearFaults();
    });
  }

  it('a 429 says how long to wait, capped when the service asks for years', async () => {
    await ts.control.fault({ match: { path: '^/v2/sims/' }, kind: 'status', status: 429, retryAfter: 315_360_000 });
    const result = await test.backend.dispatch('topups.options', { iccid });
    expect(result).toMatchObject({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: 3600 } });
    await ts.control.clearFaults();
  });

  it('an unknown eSIM is not_found, in words', async () => {
    expect(await codeOf(test, 'topups.options', { iccid: '8944000000000000008' })).toBe('not_found');
  });
});

describe('a journal that cannot be written', () => {
  it('answers journal_unavailable, pauses sales, sends nothing more, and resumes once space is back', async () => {
    const { db } = test.backend;
    const lift = fillJournal(db);
    // The first sales may still fit in the pages' slack; one that does not is refused in words.
    const codes: string[] = [];
    for (let i = 0; i < 30 && !codes.includes('journal_unavailable'); i++) {
      codes.push(await codeOf(test, 'sales.create', { packageId, quantity: 1, paymentMethod: 'card' }));
    }
    expect(codes.at(-1)).toBe('journal_unavailable');
    expect(codes.filter((c) => c !== 'ok' && c !== 'journal_unavailable')).toEqual([]);
    expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBe('journal_unavailable');
    // Paused: refused before anything is written or sent.
    const before = await ordersSent();
    expect(await codeOf(test, 'sales.create', { packageId, quantity: 1, paymentMethod: 'card' })).toBe('journal_unavailable');
    expect(await ordersSent()).toBe(before);

    lift();
    // The journal is tried again on a timer: sales come back once it has found the space.
    await until(async () => (await test.call<SalesReadiness>('sales.readiness')).paused === null);
    const sale = await test.call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'card' });
    expect(sale.status).toBe('completed');
    // No order at the service that the journal does not know.
    const references = new Set(
      (db.prepare('SELECT reference FROM sales').all() as Array<{ reference: string }>).map((r) => r.reference),
    );
    for (const order of await ts.control.orders()) expect(references).toContain(order.description);
  });

  it('a read-only journal answers journal_unavailable too', async () => {
    test.backend.db.pragma('query_only = 1');
    try {
      expect(await codeOf(test, 'sales.create', { packageId, quantity: 1, paymentMethod: 'card' })).toBe('journal_unavailable');
    } finally {
      test.backend.db.pragma('query_only = 0');
    }
    await until(async () => (await test.call<SalesReadiness>('sales.readiness')).paused === null);
  });
});

describe('the service unreachable, then back', () => {
  it('says unreachable before any payment, answers service_unreachable, and says reachable again within the probe interval', async () => {
    const port = await freePort();
    const dead = await startTestBackend(ts, {
      partner: {
        environment: 'partner_sandbox',
        baseUrl: `http://127.0.0.1:${port}`,
        clientId: DEFAULT_CLIENT_ID,
        clientSecret: DEFAULT_CLIENT_SECRET,
      },
      probeIntervalMs: 300,
    });
    try {
      await dead.signIn('manager');
      expect(await dead.call<unknown[]>('devices.search', { query: 'iphone' })).toEqual([]);
      const readiness = await dead.call<SalesReadiness>('sales.readiness');
      expect(readiness).toMatchObject({ paused: null, service: { state: 'unreachable', lastContactAt: null } });
      expect(await codeOf(dead, 'catalog.countries')).toBe('service_unreachable');
      expect(await codeOf(dead, 'topups.options', { iccid })).toBe('service_unreachable');
      expect(await codeOf(dead, 'account.balance', { refresh: true })).toBe('service_unreachable');
      expect(await codeOf(dead, 'sales.create', { packageId, quantity: 1, paymentMethod: 'cash' })).toBe('service_unreachable');

      const changes: string[] = [];
      dead.backend.events.subscribe((name, payload) => {
        if (name === 'service.changed') changes.push((payload as { state: string }).state);
      });
      const back = await startSandbox({ port, clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET });
      try {
        // Noticed by the probe's own timer, with no call from the counter; how soon is the bench's to say.
        await expect.poll(() => changes, { timeout: 30_000, interval: 50 }).toContain('reachable');
        expect((await dead.call<SalesReadiness>('sales.readiness')).service.state).toBe('reachable');
        expect(await codeOf(dead, 'catalog.countries')).toBe('ok');
        // Started offline, the device list is fetched as soon as the service answers, not a day later.
        await expect
          .poll(async () => (await dead.call<unknown[]>('devices.search', { query: 'iphone' })).length, { timeout: 30_000 })
          .toBeGreaterThan(0);
      } finally {
        await back.close();
      }
    } finally {
      await dead.backend.close();
    }
  });

  for (const [what, clientId, clientSecret] of [
    ['an unknown client id (422)', 'nobody', DEFAULT_CLIENT_SECRET],
    ['a wrong secret (401)', 'test-client', 'wrong'],
  ] as const) {
    it(`credentials the service refuses answer partner_auth: ${what}`, async () => {
      const refused = await startTestBackend(ts, {
        partner: {
          environment: 'partner_sandbox',
          baseUrl: ts.url,
          clientId: clientId === 'test-client' ? ts.sandbox.clientId : clientId,
          clientSecret,
        },
      });
      try {
        await refused.signIn('manager');
        expect(await codeOf(refused, 'catalog.countries')).toBe('partner_auth');
        expect((await refused.call<SalesReadiness>('sales.readiness')).service.state).toBe('reachable');
      } finally {
        await refused.backend.close();
      }
    });
  }
});
