import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let sale: SaleView;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call } = test);
  await test.addStaff('chris', 'Chris Clerk', 'clerk');
  await test.signIn('chris');
  const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
  sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 2, paymentMethod: 'cash' });
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

const byQr = (qrcode: string) => call<{ iccid: string | null }>('esims.byInstallQr', { qrcode });

describe('esims.byInstallQr: the eSIM a voucher’s install QR belongs to', () => {
  it('answers the ICCID of each eSIM of the sale by its own QR', async () => {
    expect(sale.esims).toHaveLength(2);
    for (const esim of sale.esims) {
      expect(esim.qrcode).toMatch(/^LPA:1\$/);
      expect(await byQr(esim.qrcode!)).toEqual({ iccid: esim.iccid });
    }
  });

  it('knows the code written another way: the SM-DP+ address in other case, spaces around it', async () => {
    const esim = sale.esims[0]!;
    const [, smdp, matchingId] = esim.qrcode!.split('$');
    expect(await byQr(`  lpa:1$${smdp!.toUpperCase()}$${matchingId}  `)).toEqual({ iccid: esim.iccid });
  });

  it('answers null for a code this counter did not sell, or one that is no activation code', async () => {
    const [, smdp] = sale.esims[0]!.qrcode!.split('$');
    expect(await byQr(`LPA:1$${smdp}$NOT-OURS-123`)).toEqual({ iccid: null });
    expect(await byQr('LPA:1$other.example$K2-1')).toEqual({ iccid: null });
    expect(await byQr('hello')).toEqual({ iccid: null });
  });

  it('is refused without a signed-in clerk', async () => {
    await call('session.signOut', {});
    await expect(byQr(sale.esims[0]!.qrcode!)).rejects.toMatchObject({ error: { code: 'signed_out' } });
  });
});
