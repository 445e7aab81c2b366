import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { EsimPackages, HistoryEntry } from '../../../../../shared/history.ts';
import { PACKAGES_SPACING_MS } from '../../../../../electron/backend/topups/esim-packages.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

type Sale = { id: string; reference: string; partnerOrderCode: string; esims: { iccid: string }[] };
type Topup = { id: string; reference: string; partnerOrderCode: string; status: string; iccid: string };

let sale: Sale;
let other: Sale;
let topup: Topup;
let clockAhead = 0;

beforeAll(async () => {
  ts = await startTestSandbox();
  // The spacing between two reads of one eSIM runs on the partner client's clock, which a test moves on.
  const test = await startTestBackend(ts, { now: () => Date.now() + clockAhead });
  ({ backend, call, signIn } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await signIn('clerk');
  const offer = (
    await call<Array<{ id: string; hasTopups: boolean }>>('catalog.packages', { country: 'DE', type: 'local' })
  ).find((o) => o.hasTopups)!;
  sale = await call<Sale>('sales.create', {
    packageId: offer.id,
    quantity: 2,
    paymentMethod: 'cash',
    customerEmail: 'ada@example.com',
  });
  other = await call<Sale>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' });
  const options = await call<{ offers: { id: string }[] }>('topups.options', { iccid: sale.esims[1]!.iccid });
  topup = await call<Topup>('topups.create', {
    iccid: sale.esims[1]!.iccid,
    packageId: options.offers[0]!.id,
    paymentMethod: 'card',
  });
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

const search = (query: string) => call<HistoryEntry[]>('history.search', { query });
const ids = (entries: HistoryEntry[]) =>
  entries.map((e) =>
    e.kind === 'sale' ? `sale:${e.sale.id}` : e.kind === 'topup' ? `topup:${e.topup.id}` : `voucher:${e.voucher.id}`,
  );

describe('history.search over sales and top-ups', () => {
  it('lists today’s sales and top-ups without a query, newest first, each with its kind', async () => {
    expect(topup.status).toBe('completed');
    const now = new Date();
    const from = new Date(now.getTime() - 3_600_000).toISOString();
    const entries = await call<HistoryEntry[]>('history.search', { from, to: new Date(now.getTime() + 60_000).toISOString() });
    expect(ids(entries)).toEqual([`topup:${topup.id}`, `sale:${other.id}`, `sale:${sale.id}`]);
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
    const found = entries[0]!;
    expect(found.kind === 'topup' && found.topup).toMatchObject({ reference: topup.reference, iccid: sale.esims[1]!.iccid });
  });

  it('audits a completed top-up with its order and no eSIM count: it makes no eSIM', () => {
    const row = backend.db
      .prepare("SELECT details FROM audit_log WHERE action = 'topup.completed' AND subject = ?")
      .get(topup.id) as { details: string };
    const details = JSON.parse(row.details) as Record<string, unknown>;
    expect(details).toMatchObject({ reference: topup.reference, orderCode: topup.partnerOrderCode });
    expect(details).not.toHaveProperty('esims');
  });

  it('finds a top-up by its reference and its order code', async () => {
    expect(ids(await search(topup.reference))).toEqual([`topup:${topup.id}`]);
    expect(ids(await search(topup.partnerOrderCode))).toEqual([`topup:${topup.id}`]);
  });

  it('finds the sale and the top-up of an eSIM by its whole ICCID, grouped as printed, or its last digits', async () => {
    const iccid = sale.esims[1]!.iccid;
    const both = [`topup:${topup.id}`, `sale:${sale.id}`];
    expect(ids(await search(iccid))).toEqual(both);
    expect(ids(await search(iccid.replace(/(\d{4})(?=\d)/g, '$1 ')))).toEqual(both);
    expect(ids(await search(iccid.slice(-6)))).toEqual(both);
    // The sale's other eSIM had no top-up.
    expect(ids(await search(sale.esims[0]!.iccid))).toEqual([`sale:${sale.id}`]);
  });

  it('finds a sale by its reference and order code, and a sale with its eSIMs’ top-ups by the customer’s e-mail', async () => {
    expect(ids(await search(sale.reference))).toEqual([`sale:${sale.id}`]);
    expect(ids(await search(other.partnerOrderCode))).toEqual([`sale:${other.id}`]);
    expect(ids(await search('ADA@example'))).toEqual([`topup:${topup.id}`, `sale:${sale.id}`]);
    expect(await search('nobody@example.com')).toEqual([]);
  });

  it('is for signed-in staff only', async () => {
    await call('session.signOut');
    await expect(search(topup.reference)).rejects.toMatchObject({ error: { code: 'signed_out' } });
    await signIn('clerk');
  });
});

describe('esims.packages', () => {
  it('reads the eSIM’s packages from the service: the one sold and its top-up', async () => {
    const packages = await call<EsimPackages>('esims.packages', { iccid: sale.esims[1]!.iccid });
    expect(packages.packages.map((p) => p.kind)).toEqual(['sim', 'topup']);
    expect(packages.packages[1]).toMatchObject({ status: 'NOT_ACTIVE', activatedAt: null });
    expect(packages.packages[0]!.remainingMb === null || packages.packages[0]!.remainingMb > 0).toBe(true);
    expect(packages.fromCache).toBe(false);
  });

  it('answers from what it read a moment ago, and reads again after a top-up of the eSIM completes', async () => {
    const iccid = sale.esims[0]!.iccid;
    const reads = async () => (await ts.control.requests()).filter((r) => r.path === `/v2/sims/${iccid}/packages`).length;
    const first = await call<EsimPackages>('esims.packages', { iccid });
    expect(first.packages).toHaveLength(1);
    const before = await reads();
    expect((await call<EsimPackages>('esims.packages', { iccid: iccid.replace(/(\d{4})(?=\d)/g, '$1 ') })).fromCache).toBe(true);
    expect(await reads()).toBe(before);
    const options = await call<{ offers: { id: string }[] }>('topups.options', { iccid });
    await call('topups.create', { iccid, packageId: options.offers[0]!.id, paymentMethod: 'cash' });
    // The spacing between two reads of one eSIM (10 a minute) has passed by the time a customer pays.
    clockAhead += PACKAGES_SPACING_MS;
    const after = await call<EsimPackages>('esims.packages', { iccid });
    expect(after.fromCache).toBe(false);
    expect(after.packages.map((p) => p.kind)).toEqual(['sim', 'topup']);
    expect(await reads()).toBe(before + 1);
  });

  it('says an unknown eSIM in words, and a wait the service asks for', async () => {
    await expect(call('esims.packages', { iccid: '8944000000000000000' })).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'esim_unknown', params: { iccid: '8944000000000000000' } },
    });
    const iccid = other.esims[0]!.iccid;
    await ts.control.fault({
      match: { method: 'GET', path: `/v2/sims/${iccid}/packages` },
      kind: 'status',
      status: 429,
      retryAfter: 30,
    });
    await expect(call('esims.packages', { iccid })).rejects.toMatchObject({
      error: { code: 'rate_limited', retryAfterSeconds: 30 },
    });
    // Within the wait the service is not asked again.
    await expect(call('esims.packages', { iccid, refresh: true })).rejects.toMatchObject({ error: { code: 'rate_limited' } });
    expect((await ts.control.requests()).filter((r) => r.path === `/v2/sims/${iccid}/packages`)).toHaveLength(1);
    await expect(call('esims.packages', { iccid: '123' })).rejects.toMatchObject({ error: { code: 'bad_input' } });
  });
});
