// A real full disk at each write of a sale, a top-up and a group order: the disk fills at the
// named point of the path (between two of its writes) while the counter runs in browser mode's
// backend. What the clerk is told is held against what the service received: an order that left
// is never answered as refused, one that did not is never left pending. Once space is back, each
// settles within seconds by itself: no restart, no Check now.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { actOnceAt, type CrashPoint } from '../../../../../electron/backend/common/crash-points.ts';
import { getOrderState, type OrderTable } from '../../../../../electron/backend/orders/db.ts';
import type { Result } from '../../../../../shared/errors.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import { UNSETTLED_STATUSES, type SalesReadiness, type SaleStatus, type SaleView } from '../../../../../shared/sales.ts';
import type { GroupOrderView } from '../../../../../shared/orders.ts';
import { startTestBackend, testPartnerClient, type TestBackend } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { mountTmpfs, pageLimit, tmpfsFull, unmountTmpfs, type FullDisk } from '../../../../support/full-disk.ts';

type Path = 'sale' | 'topup' | 'group';
type Case = {
  readonly path: Path;
  readonly at: CrashPoint;
  /** What the service does with the order: makes it, refuses it (sold out), or makes it and the answer is lost. */
  readonly service?: 'makes' | 'sold_out' | 'answer_lost';
  /** Where every write fails from the point on (a tmpfs): whether the order leaves the counter. */
  readonly leaves: boolean;
};

const CASES: readonly Case[] = [
  // The `submitting` commit fails: nothing was sent, and the sale is refused in words.
  { path: 'sale', at: 'after_intent', leaves: false },
  // The disk fills while the order is on its way: every write after the request fails.
  { path: 'sale', at: 'after_submitting', leaves: true },
  { path: 'sale', at: 'after_response', leaves: true },
  { path: 'sale', at: 'after_submitting', service: 'sold_out', leaves: true },
  { path: 'sale', at: 'after_submitting', service: 'answer_lost', leaves: true },
  { path: 'topup', at: 'after_intent', leaves: false },
  { path: 'topup', at: 'after_response', leaves: true },
  { path: 'group', at: 'after_intent', leaves: false },
  { path: 'group', at: 'after_submitting', leaves: true },
  { path: 'group', at: 'after_accepted', leaves: true },
];

/** Writes that succeed again are noticed within this (the backend probes a paused journal every 100 ms). */
const SETTLES_WITHIN_MS = 8_000;

const mount = mountTmpfs('24m');
let ts: TestSandbox;

beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => {
  await ts?.close();
  if (mount) unmountTmpfs(mount);
});

/**
 * The cases on one kind of full disk. `exact`: the disk takes no write at all once full, so each
 * case meets the write it names; at the page limit a small write may still fit in a page.
 */
function describeDisk(
  name: string,
  skip: string | null,
  exact: boolean,
  dataDir: () => string | undefined,
  disk: (t: TestBackend) => FullDisk,
) {
  describe.skipIf(skip !== null)(`${name}${skip ? ` (skipped: ${skip})` : ''}`, () => {
    let test: TestBackend;
    let full: FullDisk;
    let sale: PackageOffer;
    let iccid: string;
    let topupId: string;
    let disarm: (() => void) | undefined;

    beforeAll(async () => {
      const dir = dataDir();
      test = await startTestBackend(ts, { journalProbeMs: 100, ...(dir ? { dataDir: dir } : {}) });
      await test.signIn('manager');
      full = disk(test);
      sale = (await test.call<PackageOffer[]>('catalog.packages', { country: 'DE', type: 'local' })).find((o) => o.hasTopups)!;
      const first = await test.call<SaleView>('sales.create', { packageId: sale.id, quantity: 1, paymentMethod: 'cash' });
      iccid = first.esims[0]!.iccid;
      topupId = (await test.call<{ offers: Array<{ id: string }> }>('topups.options', { iccid })).offers[0]!.id;
    });
    afterAll(async () => {
      await test?.backend.close();
    });

    const create = (path: Path, id: string): Promise<Result<unknown>> =>
      path === 'topup'
        ? test.backend.dispatch('topups.create', { topupId: id, iccid, packageId: topupId, paymentMethod: 'cash' })
        : test.backend.dispatch(path === 'group' ? 'groupOrders.create' : 'sales.create', {
            saleId: id,
            packageId: sale.id,
            quantity: path === 'group' ? 3 : 1,
            paymentMethod: 'cash',
          });

    const statusOf = (table: OrderTable, id: string) => getOrderState(test.backend.db, table, id)?.status;

    afterEach(async () => {
      // Whatever a case left, the next starts on a disk with room and a journal that takes writes.
      disarm?.();
      full.free();
      await ts.control.setStock(sale.id, null);
      await ts.control.clearFaults();
      await vi.waitFor(async () => expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBeNull(), {
        timeout: SETTLES_WITHIN_MS,
      });
    });

    for (const c of CASES) {
      const service = c.service ?? 'makes';
      const name = `${c.path}, the disk full ${c.at}, the service ${service.replace('_', ' ')}`;
      it(`${name}: the clerk is told what the service got, and it settles within seconds of space coming back`, async () => {
        const table: OrderTable = c.path === 'topup' ? 'topups' : 'sales';
        const id = crypto.randomUUID();
        if (service === 'sold_out') await ts.control.setStock(sale.id, 0);
        if (service === 'answer_lost')
          await ts.control.fault({ match: { method: 'POST', path: '/v2/orders' }, kind: 'reset-after' });
        // The `submitting` commit went through: from there on the order is on its way.
        let left = false;
        const disarmFill = actOnceAt(c.at, () => {
          if (c.at === 'after_submitting') left = true;
          full.fill();
        });
        const disarmLeft = c.at === 'after_submitting' ? () => undefined : actOnceAt('after_submitting', () => (left = true));
        disarm = () => (disarmFill(), disarmLeft());
        const told = await create(c.path, id);
        disarm();
        if (exact) expect(left).toBe(c.leaves);

        const made = left && service !== 'sold_out';
        const reference = getOrderState(test.backend.db, table, id)!.reference;
        const atService = async () => (await ts.control.orders()).filter((o) => o.description === reference).length;
        if (left) {
          // The order may have reached the service: the clerk is told it is being checked, never refused.
          expect(told.ok, JSON.stringify(told)).toBe(true);
          const value = (told as { value: unknown }).value;
          const view = c.path === 'group' ? (value as GroupOrderView).sale : (value as { status: SaleStatus });
          // At the page limit the completing commit may still fit: then the sale is simply done.
          expect(exact || view.status !== 'completed' ? UNSETTLED_STATUSES : ['completed']).toContain(view.status);
        } else {
          expect(told).toMatchObject({ ok: false, error: { code: 'journal_unavailable', reason: 'disk_full' } });
          expect(await atService()).toBe(0);
        }
        // Sales pause whichever write failed (after an accepted group order, its next look-up's).
        if (exact) {
          await vi.waitFor(
            async () => expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBe('journal_unavailable'),
            { timeout: SETTLES_WITHIN_MS },
          );
        }

        // Check now while the disk is still full says where the sale stands, in words of a sale.
        const checked = await test.backend.dispatch(table === 'topups' ? 'topups.check' : 'sales.check', { id });
        expect(checked.ok, JSON.stringify(checked)).toBe(true);

        full.free();
        const settled = made ? 'completed' : 'failed';
        await vi.waitFor(() => expect(statusOf(table, id)).toBe(settled), { timeout: SETTLES_WITHIN_MS, interval: 50 });
        expect(await atService()).toBe(made ? 1 : 0);
        expect((await test.call<SalesReadiness>('sales.readiness')).paused).toBeNull();
        // Nothing is left being settled: the day can be closed.
        expect(test.backend.updates().saleOpen).toBe(false);
      });
    }
  });
}

describeDisk(
  'the journal at its page limit (max_page_count)',
  null,
  false,
  () => undefined,
  (t) => pageLimit(t.backend.db),
);
describeDisk(
  'the data folder on a full tmpfs',
  mount ? null : 'mounting a tmpfs needs Linux and root',
  true,
  () => (mount ? path.join(mount, 'data') : undefined),
  (t) => tmpfsFull(t.backend.db, mount!),
);

describe('a start whose settling the journal refused', () => {
  it('is tried again by the next caller, not kept as the answer to every sale until a restart', async () => {
    const { db } = tempJournal();
    const { clerk } = await seedStaff(db);
    const partner = testPartnerClient(ts);
    const catalog = new CatalogService(partner);
    const offer = (await catalog.packages({ country: 'DE', type: 'local' }))[0]!;
    const sales = () => new SalesService({ db, partner, catalog });
    // Which write fails matters here, not why: a trigger refuses it, the same at every run.
    const refuse = (status: string) =>
      db.exec(`CREATE TEMP TRIGGER refuse BEFORE UPDATE OF status ON main.sales
               WHEN NEW.status = '${status}' BEGIN SELECT RAISE(ABORT, 'refused (test)'); END`);
    refuse('submitting');
    await expect(sales().create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk)).rejects.toThrow(/refused/);
    db.exec('DROP TRIGGER temp.refuse');

    // The next run's start cannot write the never-sent sale's failure the first time.
    refuse('failed');
    const restarted = sales();
    await expect(restarted.reconcileAtStart()).rejects.toThrow(/refused/);
    db.exec('DROP TRIGGER temp.refuse');
    expect(await restarted.reconcileAtStart()).toMatchObject({ checked: 1, notSent: 1 });
    const sold = await restarted.create({ packageId: offer.id, quantity: 1, paymentMethod: 'cash' }, clerk);
    expect(sold.status).toBe('completed');
    db.close();
  });
});
