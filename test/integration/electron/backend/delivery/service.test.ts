// E-mail and brand at checkout, a brand changed on a sold eSIM and "send again", through the
// contract against the sandbox over HTTP, with each refusal the service documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { updateSimBrand } from '../../../../../electron/backend/partner/brands.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import type { EsimDelivery } from '../../../../../shared/delivery.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, testPartnerClient, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let packageId: string;

type SandboxSim = { iccid: string; brandSettingsName: string | null; sharing: { link: string; accessCode: string } | null };
const sandboxSim = async (iccid: string): Promise<SandboxSim> =>
  ((await (await fetch(`${ts.url}/__sandbox/sims`)).json()) as { sims: SandboxSim[] }).sims.find((s) => s.iccid === iccid)!;
const sell = (input: Record<string, unknown>) =>
  call<SaleView>('sales.create', { packageId, quantity: 1, paymentMethod: 'card', ...input });

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call, signIn } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await test.addStaff('other', 'Olga Other', 'clerk');
  await signIn('manager');
  await call('delivery.setOptions', {
    storeEmail: 'shop@counter.test',
    brands: ['Demo Brand', 'eSIM Counter', 'Ghost Brand'],
    defaultBrand: null,
  });
  await signIn('clerk');
  packageId = (await call<Array<{ id: string }>>('catalog.packages', { country: 'IT', type: 'local' }))[0]!.id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('e-mail and brand at checkout', () => {
  it('gives the clerk the store’s choices, which only a manager sets', async () => {
    await signIn('clerk');
    expect(await call('delivery.options')).toEqual({
      storeEmail: 'shop@counter.test',
      brands: ['Demo Brand', 'eSIM Counter', 'Ghost Brand'],
      defaultBrand: null,
      defaultSharing: ['link'],
    });
    await expect(call('delivery.setOptions', { storeEmail: null })).rejects.toMatchObject({ error: { code: 'forbidden' } });
    await signIn('manager');
    await expect(call('delivery.setOptions', { defaultBrand: 'Nobody' })).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'brand_not_listed', params: { brand: 'Nobody' } },
    });
    await expect(call('delivery.setOptions', { storeEmail: 'not an address' })).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { storeEmail: 'email' } },
    });
  });

  it('sends a link and a PDF under a brand, with a copy to the store, and records it with the sale', async () => {
    await signIn('clerk');
    const sale = await sell({
      customerEmail: 'anna@example.com',
      sharing: ['pdf', 'link'],
      copyToStore: true,
      brand: 'Demo Brand',
    });
    expect(sale.status).toBe('completed');
    expect(sale.delivery).toEqual({ sharing: ['link', 'pdf'], copyTo: 'shop@counter.test', brand: 'Demo Brand' });
    const emails = (await ts.control.emails()).filter((e) => String(e.subject).includes(sale.partnerOrderCode!));
    expect(emails.map((e) => e.to).sort()).toEqual(['anna@example.com', 'shop@counter.test']);
    for (const e of emails) expect(e).toMatchObject({ sharing: ['link', 'pdf'], brand: 'Demo Brand' });
    expect((await sandboxSim(sale.esims[0]!.iccid)).brandSettingsName).toBe('Demo Brand');
    expect((await call<SaleView>('sales.get', { id: sale.id })).delivery).toEqual(sale.delivery);
  });

  it('sends a link by default, copies nothing unasked, and sends no e-mail without an address', async () => {
    await signIn('clerk');
    const linked = await sell({ customerEmail: 'ben@example.com' });
    expect(linked.delivery).toEqual({ sharing: ['link'], copyTo: null, brand: null });
    const emails = (await ts.control.emails()).filter((e) => String(e.subject).includes(linked.partnerOrderCode!));
    expect(emails).toEqual([expect.objectContaining({ to: 'ben@example.com', sharing: ['link'] })]);
    const silent = await sell({ copyToStore: true });
    expect(silent.delivery).toEqual({ sharing: [], copyTo: null, brand: null });
    expect((await ts.control.emails()).some((e) => String(e.subject).includes(silent.partnerOrderCode!))).toBe(false);
  });

  it('refuses a brand the store did not list, and a copy with no store address, before anything is sent', async () => {
    await signIn('clerk');
    await ts.control.clearRequests();
    await expect(sell({ customerEmail: 'c@example.com', brand: 'Nobody' })).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'brand_not_listed', params: { brand: 'Nobody' } },
    });
    await signIn('manager');
    await call('delivery.setOptions', { storeEmail: null });
    await signIn('clerk');
    await expect(sell({ customerEmail: 'c@example.com', copyToStore: true })).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'store_email_not_set' },
    });
    expect((await ts.control.requests()).filter((r) => r.path === '/v2/orders')).toHaveLength(0);
    await signIn('manager');
    await call('delivery.setOptions', { storeEmail: 'shop@counter.test' });
  });

  it('fails the sale in words when the service does not know a listed brand (its documented 422), charging nothing', async () => {
    await signIn('clerk');
    const sale = await sell({ customerEmail: 'd@example.com', brand: 'Ghost Brand' });
    expect(sale.status).toBe('failed');
    expect(sale.failure).toMatchObject({ code: 'rejected' });
    expect(sale.failure!.reason).toMatch(/Brand settings name doesn't exist/);
    expect(sale.esims).toEqual([]);
  });
});

describe('a sold eSIM’s brand and sending it again', () => {
  it('reads and changes the brand at the service, and refuses one it does not know', async () => {
    await signIn('clerk');
    const sale = await sell({ customerEmail: 'e@example.com' });
    const iccid = sale.esims[0]!.iccid;
    expect(await call<EsimDelivery>('esims.delivery', { iccid })).toMatchObject({
      iccid,
      brand: null,
      canSendAgain: true,
      link: null,
      accessCode: null,
      customerEmail: 'e@example.com',
    });
    const branded = await call<EsimDelivery>('esims.setBrand', { iccid, brand: 'eSIM Counter' });
    expect(branded.brand).toBe('eSIM Counter');
    expect((await sandboxSim(iccid)).brandSettingsName).toBe('eSIM Counter');
    await expect(call('esims.setBrand', { iccid, brand: 'Ghost Brand' })).rejects.toMatchObject({
      error: { code: 'partner_rejected', reason: 'brand_unknown', params: { brand: 'Ghost Brand' } },
    });
    await expect(call('esims.setBrand', { iccid, brand: 'Nobody' })).rejects.toMatchObject({
      error: { code: 'bad_input', reason: 'brand_not_listed' },
    });
    expect((await call<EsimDelivery>('esims.setBrand', { iccid, brand: null })).brand).toBeNull();
    const audit = backend.db
      .prepare(`SELECT details FROM audit_log WHERE action = 'esim.brand_changed' AND subject = ?`)
      .all(iccid);
    expect(audit).toHaveLength(2);
  });

  it('gives the sharing page and access code again to the clerk who sold it, and asks others for a manager', async () => {
    await signIn('clerk');
    const sale = await sell({ customerEmail: 'f@example.com', brand: 'Demo Brand' });
    const iccid = sale.esims[0]!.iccid;
    const held = (await sandboxSim(iccid)).sharing!;
    const again = await call<EsimDelivery>('esims.sendAgain', { iccid });
    expect(again).toMatchObject({
      link: held.link,
      accessCode: held.accessCode,
      customerEmail: 'f@example.com',
      brand: 'Demo Brand',
    });
    expect(
      backend.db.prepare(`SELECT count(*) AS n FROM audit_log WHERE action = 'esim.sent_again' AND subject = ?`).get(iccid),
    ).toEqual({
      n: 1,
    });
    await signIn('other');
    await expect(call('esims.sendAgain', { iccid })).rejects.toMatchObject({
      error: { code: 'forbidden', reason: 'reveal_needs_approval' },
    });
    // A manager's approval at the counter opens it for the clerk there, as it does the QR.
    await call('sales.reveal', { id: sale.id, managerStaffId: await managerId(), managerPin: '2468' });
    expect((await call<EsimDelivery>('esims.sendAgain', { iccid })).link).toBe(held.link);
  });

  it('says plainly where the service has nothing to send again, and which eSIMs are not this counter’s', async () => {
    await signIn('clerk');
    const sale = await sell({});
    const iccid = sale.esims[0]!.iccid;
    expect((await call<EsimDelivery>('esims.delivery', { iccid })).canSendAgain).toBe(false);
    await expect(call('esims.sendAgain', { iccid })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'send_again_not_offered' },
    });
    await expect(call('esims.delivery', { iccid: '8944000000000000000' })).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'esim_not_sold_here' },
    });
  });

  it('reads the service’s refusals of a brand update in the partner client: an unknown brand, an unknown eSIM', async () => {
    await signIn('clerk');
    const sale = await sell({});
    const partner = testPartnerClient(ts);
    const unknownBrand = await updateSimBrand(partner, sale.esims[0]!.iccid, 'Nobody').catch((e) => e);
    expect(unknownBrand).toBeInstanceOf(PartnerError);
    expect(unknownBrand).toMatchObject({
      kind: 'validation',
      details: { fields: { brand_settings_name: "Brand settings name doesn't exist." } },
    });
    const unknownSim = await updateSimBrand(partner, '8944000000000000000', null).catch((e) => e);
    expect(unknownSim).toMatchObject({ kind: 'not_found' });
  });
});

async function managerId(): Promise<string> {
  return (await call<Array<{ id: string; role: string }>>('staff.list')).find((s) => s.role === 'manager')!.id;
}
