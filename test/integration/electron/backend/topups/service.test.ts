import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { CatalogService } from '../../../../../electron/backend/catalogue/service.ts';
import { SalesService } from '../../../../../electron/backend/sales/service.ts';
import { TopupsService } from '../../../../../electron/backend/topups/service.ts';
import type { StaffSession } from '../../../../../electron/backend/rpc.ts';
import type { Journal } from '../../../../../electron/backend/journal/open.ts';
import { luhnValid } from '../../../../../shared/iccid.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { testPartnerClient } from '../../../../support/backend.ts';
import { seedStaff, tempJournal } from '../../../../support/journal.ts';

let ts: TestSandbox;
let partner: PartnerClient;
let catalog: CatalogService;
let db: Journal;
let clerk: StaffSession;
let clock: number;

beforeAll(async () => {
  ts = await startTestSandbox();
  partner = testPartnerClient(ts);
  catalog = new CatalogService(partner);
});
afterAll(() => ts.close());
beforeEach(async () => {
  ({ db } = tempJournal());
  ({ clerk } = await seedStaff(db));
  clock = Date.now();
});
afterEach(async () => {
  await ts.control.clearFaults();
  db.close();
});

/** An eSIM sold through the counter, whose operator offers top-ups. */
async function soldIccid(): Promise<string> {
  const offer = (await catalog.packages({ country: 'DE', type: 'local' })).find((o) => o.hasTopups)!;
  const sale = await new SalesService({ db, partner, catalog }).create(
    { packageId: offer.id, quantity: 1, paymentMethod: 'cash' },
    clerk,
  );
  return sale.esims[0]!.iccid;
}

const service = () => new TopupsService({ db, partner, now: () => clock, settleMs: 60_000 });
const ordersFor = async (reference: string) => (await ts.control.orders()).filter((o) => o.description === reference);

describe('top-ups by ICCID', () => {
  it('lists the options of a scanned ICCID (spaces and a trailing F tolerated) and tops it up once', async () => {
    const iccid = await soldIccid();
    const scanned = `${iccid.replace(/(\d{4})/g, '$1 ')}F`;
    const options = await service().options(scanned);
    expect(options.iccid).toBe(iccid);
    expect(options.luhnValid).toBe(true);
    expect(options.offers.length).toBeGreaterThan(0);
    expect(options.offers.every((o) => o.id.endsWith('-topup') && o.retail.currency === 'USD')).toBe(true);

    const topup = await service().create({ iccid: scanned, packageId: options.offers[0]!.id, paymentMethod: 'card' }, clerk);
    expect(topup.status).toBe('completed');
    expect(topup.reference).toMatch(/^TU-\d{8}-/);
    expect(topup.price).toEqual(options.offers[0]!.retail);
    const orders = await ordersFor(topup.reference);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: 'topup' });
  });

  it('refuses an ICCID that breaks the rules, in words, before asking the service', async () => {
    await expect(service().options('1234')).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { iccid: 'iccid_length' }, fieldParams: { iccid: { length: 4 } } },
    });
    await expect(service().options('12345678901234567890')).rejects.toMatchObject({
      error: {
        code: 'bad_input',
        fields: { iccid: 'iccid_prefix' },
        fieldParams: { iccid: { prefix: '12' } },
        message: expect.stringMatching(/89/),
      },
    });
  });

  it('asks the clerk to confirm an ICCID whose check digit fails, then goes ahead', async () => {
    const iccid = await soldIccid();
    const last = Number(iccid.at(-1));
    const wrong = iccid.slice(0, -1) + String((last + 1) % 10);
    expect(luhnValid(wrong)).toBe(false);
    // The sandbox knows only the real number; the warning comes before any lookup.
    await expect(service().create({ iccid: wrong, packageId: 'x', paymentMethod: 'cash' }, clerk)).rejects.toMatchObject({
      error: {
        code: 'bad_input',
        reason: 'iccid_check_digit',
        fields: { iccid: 'iccid_check_digit' },
        message: expect.stringMatching(/confirm/),
      },
    });
    await expect(
      service().create({ iccid: wrong, packageId: 'x', paymentMethod: 'cash', confirmChecksum: true }, clerk),
    ).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'esim_unknown_topup', params: { iccid: wrong } },
    });
  });

  it('says in words that a recycled eSIM cannot be topped up', async () => {
    const iccid = await soldIccid();
    await ts.control.recycle(iccid);
    await expect(service().options(iccid)).rejects.toMatchObject({
      error: { code: 'partner_rejected', reason: 'recycled', partnerCode: 73, message: expect.stringMatching(/recycled/) },
    });
  });

  it('adopts a top-up whose answer was lost, without sending it twice', async () => {
    const iccid = await soldIccid();
    const options = await service().options(iccid);
    await ts.control.fault({ match: { method: 'POST', path: '/v2/orders/topups' }, kind: 'reset-after' });
    const topup = await service().create({ iccid, packageId: options.offers[0]!.id, paymentMethod: 'cash' }, clerk);
    expect(topup.status).toBe('completed');
    expect(await ordersFor(topup.reference)).toHaveLength(1);
  });
});
