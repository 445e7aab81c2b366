import net from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerClient, type PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { getSale, insertSale } from '../../../../../electron/backend/sales/db.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { testPartnerClient } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';

let ts: TestSandbox;
let partner: PartnerClient;
let catalog: CatalogService;
let offer: PackageOffer;
let db: Journal;
let journalPath: string;
let clerk: StaffSession;
let manager: StaffSession;
let clock: number;

beforeAll(async () => {
  ts = await startTestSandbox();
  partner = testPartnerClient(ts);
  catalog = new CatalogService(partner);
  offer = (await catalog.packages({ country: 'JP', type: 'local' }))[0]!;
});
afterAll(() => ts.close());

beforeEach(async () => {
  ({ db, file: journalPath } = tempJournal());
  ({ clerk, manager } = await seedStaff(db));
  clock = Date.now();
  // A 429 holds every later order of the client: each test starts with a client that holds none.
  partner = testPartnerClient(ts);
});
afterEach(async () => {
  await ts.control.clearFaults();
  db.close();
});

function service(overrides: { partner?: PartnerClient } = {}) {
  return new SalesService({ db, partner: overrides.partner ?? partner, catalog, now: () => clock, settleMs: 60_000 });
}

async function ordersFor(reference: string) {
  return (await ts.control.orders()).filter((order) => order.description === reference);
}

const sale = { quantity: 1, paymentMethod: 'cash' as const };

/**
 * A sale whose order the service takes only after the counter stopped waiting: held at the service
 * past a short client timeout (uncertain at the counter), then let through and made.
 */
async function timedOutWhileWorking() {
  await ts.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'hold' });
  const sales = service({ partner: testPartnerClient(ts, { timeoutMs: 300 }) });
  const view = await sales.create({ ...sale, packageId: offer.id }, clerk);
  expect(view.status).toBe('uncertain');
  await ts.control.release();
  while ((await ordersFor(view.reference)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  return { sales, view };
}

/** A loopback port nobody listens on: connections to it are refused at once. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a sale', () => {
  it('completes with its eSIMs stored, one order at the service, and an audit trail', async () => {
    const sales = service();
    const view = await sales.create({ ...sale, packageId: offer.id, quantity: 2 }, clerk);
    expect(view.status).toBe('completed');
    expect(view.esims).toHaveLength(2);
    for (const esim of view.esims) {
      expect(esim.masked).toBe(false);
      expect(esim.qrcode).toMatch(/^LPA:1\$[^$]+\$.+/);
      expect(esim.appleInstallUrl).toBe(`https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${esim.qrcode}`);
    }
    expect(view.total).toEqual({ minor: offer.retail.minor * 2, currency: 'USD' });
    expect(view.reference).toMatch(/^EC-\d{8}-[0-9A-Z]{8}$/);
    expect(await ordersFor(view.reference)).toHaveLength(1);
    const actions = listAudit(db, { subject: view.id }).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['sale.created', 'sale.completed']));
  });

  it('hides the activation codes from anyone but the clerk who sold it, and from them after 30 minutes', async () => {
    const sales = service();
    const view = await sales.create({ ...sale, packageId: offer.id }, clerk);
    expect(sales.view(view.id, manager).esims[0]).toMatchObject({ qrcode: null, appleInstallUrl: null, masked: true });
    clock += 31 * 60 * 1000;
    expect(sales.view(view.id, clerk).esims[0]?.masked).toBe(true);
  });

  it('lets install steps carry the codes only where the sale reads unmasked', async () => {
    const sales = service();
    const view = await sales.create({ ...sale, packageId: offer.id }, clerk);
    const iccid = view.esims[0]!.iccid;
    expect(sales.codesVisible(iccid, clerk)).toBe(true);
    expect(sales.codesVisible(iccid, manager)).toBe(false);
    expect(sales.codesVisible(iccid, null)).toBe(false);
    expect(sales.codesVisible('8944000000000000000', clerk)).toBe(false);
    clock += 31 * 60 * 1000;
    expect(sales.codesVisible(iccid, clerk)).toBe(false);
    sales.approveReveal(view.id, manager, clerk);
    expect(sales.codesVisible(iccid, clerk)).toBe(true);
    // The approval is for that clerk: whoever signs in next still sees it masked.
    expect(sales.codesVisible(iccid, manager)).toBe(false);
    expect(sales.view(view.id, manager).esims[0]?.masked).toBe(true);
  });

  it('submits exactly once under a double click (two calls with the same sale id at once)', async () => {
    const sales = service();
    const saleId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      sales.create({ ...sale, saleId, packageId: offer.id }, clerk),
      sales.create({ ...sale, saleId, packageId: offer.id }, clerk),
    ]);
    expect(a.id).toBe(saleId);
    expect(b.id).toBe(saleId);
    expect(b.status).toBe('completed');
    expect(await ordersFor(a.reference)).toHaveLength(1);
    expect(getSale(db, saleId)?.attempts).toBe(1);
  });

  it('has the intent committed, as submitting, with FULL sync back on, before the order goes out', async () => {
    // What another connection (a restarted app) would find at the moment the request leaves.
    const seen: Array<{ status: unknown; synchronous: unknown }> = [];
    const watching = createPartnerClient({
      baseUrl: ts.url,
      clientId: ts.sandbox.clientId,
      clientSecret: ts.sandbox.clientSecret,
      secrets: new MemorySecretStore(),
      fetch: async (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith('/v2/orders')) {
          const other = new Database(journalPath, { readonly: true });
          try {
            seen.push({
              status: (other.prepare('SELECT status FROM sales').get() as { status: string } | undefined)?.status,
              synchronous: db.pragma('synchronous', { simple: true }),
            });
          } finally {
            other.close();
          }
        }
        return fetch(input, init);
      },
    });
    const view = await service({ partner: watching }).create({ ...sale, packageId: offer.id }, clerk);
    expect(view.status).toBe('completed');
    expect(seen).toEqual([{ status: 'submitting', synchronous: 2 }]);
  });

  it('refuses a package the catalogue does not have, writing nothing', async () => {
    await expect(service().create({ ...sale, packageId: 'no-such-package' }, clerk)).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'package_no_longer_offered' },
    });
    expect(db.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 0 });
  });
});

describe('definite failures', () => {
  it('fails, in words, when the service refuses (no stock), and no order exists', async () => {
    await ts.control.setStock(offer.id, 0);
    try {
      const view = await service().create({ ...sale, packageId: offer.id }, clerk);
      expect(view.status).toBe('failed');
      expect(view.failure).toEqual({ code: 'sold_out', reason: expect.stringMatching(/sold out/) });
      expect(await ordersFor(view.reference)).toHaveLength(0);
    } finally {
      await ts.control.setStock(offer.id, null);
    }
  });

  it('fails definitely when the service cannot be reached at all, and can be sent again', async () => {
    const dead = createPartnerClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      clientId: 'x',
      clientSecret: 'y',
      secrets: new MemorySecretStore(),
    });
    const offline = new SalesService({ db, partner: dead, catalog, now: () => clock });
    const view = await offline.create({ ...sale, packageId: offer.id }, clerk);
    expect(view.status).toBe('failed');
    expect(view.failure?.code).toBe('unreachable');
    const retried = await service().retry(view.id, clerk);
    expect(retried.status).toBe('completed');
    expect(retried.reference).toBe(view.reference);
    expect(await ordersFor(view.reference)).toHaveLength(1);
  });

  it('keeps the service’s words about the shop’s credit (they name the wholesale cost) for the manager’s audit only', async () => {
    await ts.control.setBalance(0);
    try {
      const view = await service().create({ ...sale, packageId: offer.id }, clerk);
      expect(view.status).toBe('failed');
      expect(view.failure).toEqual({ code: 'low_credit', reason: expect.stringMatching(/needs topping up/) });
      expect(view.failure?.reason).not.toMatch(/USD|costs|credit/i);
      const failed = listAudit(db, { subject: view.id }).find((e) => e.action === 'sale.failed');
      expect(failed?.details).toMatchObject({ code: 'low_credit', partnerMessage: expect.stringMatching(/costs/) });
    } finally {
      await ts.control.setBalance(10_000);
    }
  });

  it('fails on 429 without ordering', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '/v2/orders' }, kind: 'status', status: 429 });
    const view = await service().create({ ...sale, packageId: offer.id }, clerk);
    expect(view.status).toBe('failed');
    expect(view.failure?.code).toBe('rate_limited');
    expect(await ordersFor(view.reference)).toHaveLength(0);
  });
});

describe('uncertain outcomes are looked up, never re-posted', () => {
  it('a reset after the service took the order: adopted from the lookup', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'reset-after' });
    const view = await service().create({ ...sale, packageId: offer.id }, clerk);
    expect(view.status).toBe('completed');
    expect(view.esims).toHaveLength(1);
    expect(view.partnerOrderCode).toMatch(/^\d{8}-\d{6}$/);
    expect(await ordersFor(view.reference)).toHaveLength(1);
  });

  it('a 200 that cannot be read: adopted from the lookup', async () => {
    await ts.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: 'malformed-json' });
    const view = await service().create({ ...sale, packageId: offer.id }, clerk);
    expect(view.status).toBe('completed');
    expect(await ordersFor(view.reference)).toHaveLength(1);
  });

  for (const fault of [
    { kind: 'reset-before' as const, label: 'a reset before the service saw it' },
    { kind: 'status' as const, status: 500, label: 'a 500' },
  ]) {
    it(`${fault.label}: uncertain, then not found after the settle window, then sent again once`, async () => {
      await ts.control.fault({ match: { method: 'POST', path: '^/v2/orders$' }, kind: fault.kind, status: fault.status });
      const sales = service();
      const view = await sales.create({ ...sale, packageId: offer.id }, clerk);
      expect(view.status).toBe('uncertain');
      expect(await ordersFor(view.reference)).toHaveLength(0);
      await expect(sales.retry(view.id, clerk)).rejects.toMatchObject({
        error: { code: 'conflict', reason: 'sale_not_retryable' },
      });

      expect(await sales.reconcile(view.id)).toBe('uncertain'); // too early to believe "nothing"
      clock += 61_000;
      expect(await sales.reconcile(view.id)).toBe('not_found');
      const retried = await sales.retry(view.id, clerk);
      expect(retried.status).toBe('completed');
      expect(await ordersFor(view.reference)).toHaveLength(1);
      expect(retried.attempts).toBe(2);
    });
  }

  it('a timeout while the service is still working: uncertain, then adopted once it has finished', async () => {
    const { sales, view } = await timedOutWhileWorking();
    expect(await sales.reconcile(view.id)).toBe('completed');
    expect(await ordersFor(view.reference)).toHaveLength(1);
  });
});

describe('“Check now” on an uncertain sale', () => {
  it('looks the reference up at once; two checks at the same moment make one look-up and adopt the order once', async () => {
    const { sales, view } = await timedOutWhileWorking();
    const [first, second] = await Promise.all([sales.check(view.id, clerk), sales.check(view.id, clerk)]);
    expect(first.status).toBe('completed');
    expect(second.status).toBe('completed');
    expect(first.esims[0]?.qrcode).toMatch(/^LPA:1\$/);
    expect(await ordersFor(view.reference)).toHaveLength(1);
    expect(listAudit(db, { subject: view.id }).filter((e) => e.action === 'sale.completed')).toHaveLength(1);
  });

  it('answers a settled sale as it is, without asking the service', async () => {
    const sales = service();
    const view = await sales.create({ ...sale, packageId: offer.id }, clerk);
    const before = (await ts.control.orders()).length;
    expect((await sales.check(view.id, clerk)).status).toBe('completed');
    expect((await ts.control.orders()).length).toBe(before);
  });
});

describe('start-up reconciliation', () => {
  function row(status: 'pending' | 'submitting', reference: string) {
    const at = new Date(clock).toISOString();
    insertSale(db, {
      id: crypto.randomUUID(),
      reference,
      status,
      packageId: offer.id,
      packageTitle: offer.title,
      packageCountryCode: 'JP',
      packageData: offer.dataText,
      packageDays: offer.days,
      quantity: 1,
      unitRetailMinor: offer.retail.minor,
      retailCurrency: 'USD',
      unitCostMinor: null,
      netCurrency: 'USD',
      fxRate: null,
      fxDate: null,
      unitCostLocalMinor: null,
      taxMode: null,
      taxRatePpm: 0,
      taxMinor: 0,
      destinationCountryCode: null,
      paymentMethod: 'card',
      customerEmail: null,
      staffId: clerk.staffId,
      partnerOrderId: null,
      partnerOrderCode: null,
      failureCode: null,
      failureReason: null,
      attempts: status === 'submitting' ? 1 : 0,
      createdAt: at,
      updatedAt: at,
      submittedAt: status === 'submitting' ? at : null,
      completedAt: null,
    });
  }

  it('marks never-sent intents failed, adopts orders that reached the service, and waits on the rest', async () => {
    row('pending', 'EC-TEST-PENDING1');
    row('submitting', 'EC-TEST-SENT0001');
    row('submitting', 'EC-TEST-LOST0001');
    // The order of the second one reached the service before the app died.
    const token = await ts.token();
    const form = new FormData();
    form.append('package_id', offer.id);
    form.append('quantity', '1');
    form.append('description', 'EC-TEST-SENT0001');
    const posted = await fetch(`${ts.url}/v2/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: form,
    });
    expect(posted.status).toBe(200);

    const summary = await service().reconcileAtStart();
    expect(summary).toEqual({
      checked: 3,
      completed: 1,
      notSent: 1,
      notFound: 0,
      stillUncertain: 1,
      settledAt: expect.any(String),
    });
    const statuses = db.prepare('SELECT reference, status FROM sales ORDER BY reference').all();
    expect(statuses).toEqual([
      { reference: 'EC-TEST-LOST0001', status: 'uncertain' },
      { reference: 'EC-TEST-PENDING1', status: 'failed' },
      { reference: 'EC-TEST-SENT0001', status: 'completed' },
    ]);
    expect(await ordersFor('EC-TEST-SENT0001')).toHaveLength(1);
  });
});
