// eSIM vouchers through the contract, against the sandbox over HTTP: bought once per batch,
// found again, refused in words, and never bought twice when an answer is lost.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { createEsimVouchers } from '../../../../../electron/backend/partner/vouchers.ts';
import type { VoucherBatchView } from '../../../../../shared/vouchers.ts';
import { startTestBackend, testPartnerClient, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let packageId: string;

const voucherRequests = async () => (await ts.control.requests()).filter((r) => r.path === '/v2/voucher/esim');
const sandboxVouchers = async (): Promise<Array<{ code: string; packageId: string; bookingReference: string | null }>> =>
  ((await (await fetch(`${ts.url}/__sandbox/vouchers`)).json()) as { vouchers: never[] }).vouchers;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call, signIn } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
  await signIn('clerk');
  packageId = (await call<Array<{ id: string }>>('catalog.packages', { country: 'FR', type: 'local' }))[0]!.id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('eSIM vouchers', () => {
  it('buys codes for a package with a booking reference, once per batch, and finds them by code and reference', async () => {
    await signIn('clerk');
    await ts.control.clearRequests();
    const batchId = crypto.randomUUID();
    const input = { batchId, packageId, quantity: 3, bookingReference: 'TOUR-4711', paymentMethod: 'card' };
    const [batch, again] = await Promise.all([
      call<VoucherBatchView>('vouchers.create', input),
      call<VoucherBatchView>('vouchers.create', input),
    ]);
    expect(batch.status).toBe('completed');
    expect(batch.codes).toHaveLength(3);
    for (const code of batch.codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(batch).toMatchObject({
      packageId,
      quantity: 3,
      bookingReference: 'TOUR-4711',
      paymentMethod: 'card',
      printedAt: null,
    });
    expect(batch.unitPrice.minor).toBeGreaterThan(0);
    expect(again).toEqual(batch);
    // A double click bought once.
    expect(await voucherRequests()).toHaveLength(1);
    expect((await call<VoucherBatchView>('vouchers.create', input)).codes).toEqual(batch.codes);
    expect(await voucherRequests()).toHaveLength(1);

    const held = (await sandboxVouchers()).filter((v) => batch.codes.includes(v.code));
    expect(held).toHaveLength(3);
    expect(held.every((v) => v.packageId === packageId && v.bookingReference === 'TOUR-4711')).toBe(true);

    expect((await call<VoucherBatchView[]>('vouchers.list', { query: batch.codes[1]!.toLowerCase() })).map((b) => b.id)).toEqual([
      batchId,
    ]);
    expect((await call<VoucherBatchView[]>('vouchers.list', { query: 'tour-47' })).map((b) => b.id)).toEqual([batchId]);
    expect(await call<VoucherBatchView[]>('vouchers.list', { query: 'NO-SUCH-THING' })).toEqual([]);
  });

  it('records how the customer paid, as for a sale, and asks before a batch is bought without it', async () => {
    await signIn('clerk');
    await ts.control.clearRequests();
    await expect(call('vouchers.create', { batchId: crypto.randomUUID(), packageId, quantity: 1 })).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { paymentMethod: 'required' } },
    });
    expect(await voucherRequests()).toHaveLength(0);
    const batchId = crypto.randomUUID();
    const batch = await call<VoucherBatchView>('vouchers.create', { batchId, packageId, quantity: 2, paymentMethod: 'other' });
    expect(batch).toMatchObject({ status: 'completed', paymentMethod: 'other' });
    expect((await call<VoucherBatchView[]>('vouchers.list', {})).find((b) => b.id === batchId)?.paymentMethod).toBe('other');
    expect(backend.db.prepare('SELECT payment_method AS method FROM voucher_batches WHERE id = ?').get(batchId)).toEqual({
      method: 'other',
    });
    const requested = backend.db
      .prepare(`SELECT details FROM audit_log WHERE subject = ? AND action = 'vouchers.requested'`)
      .get(batchId) as { details: string };
    expect(JSON.parse(requested.details)).toMatchObject({ paymentMethod: 'other' });
  });

  it('records a print of the gift cards in the audit log, and prints only codes the service made', async () => {
    await signIn('clerk');
    const batch = await call<VoucherBatchView>('vouchers.create', {
      batchId: crypto.randomUUID(),
      packageId,
      quantity: 1,
      paymentMethod: 'cash',
    });
    const printed = await call<VoucherBatchView>('vouchers.printed', { batchId: batch.id });
    expect(printed.printedAt).not.toBeNull();
    const audit = backend.db
      .prepare(`SELECT action, subject FROM audit_log WHERE subject = ? ORDER BY seq`)
      .all(batch.id) as Array<{ action: string }>;
    expect(audit.map((a) => a.action)).toEqual(['vouchers.requested', 'vouchers.completed', 'vouchers.printed']);
    await expect(call('vouchers.printed', { batchId: crypto.randomUUID() })).rejects.toMatchObject({
      error: { code: 'not_found', reason: 'voucher_batch_not_found' },
    });
  });

  it('says in words when the shop’s credit is short, keeps the refused batch, and bought nothing', async () => {
    await signIn('clerk');
    await ts.control.setBalance(0.5);
    const batchId = crypto.randomUUID();
    await expect(call('vouchers.create', { batchId, packageId, quantity: 2, paymentMethod: 'cash' })).rejects.toMatchObject({
      error: { code: 'partner_rejected', reason: 'low_credit', partnerCode: 11 },
    });
    const [failed] = await call<VoucherBatchView[]>('vouchers.list', {});
    expect(failed).toMatchObject({ id: batchId, status: 'failed', codes: [] });
    expect(failed!.refusal).toMatch(/Insufficient|credit|balance/i);
    await expect(call('vouchers.printed', { batchId })).rejects.toMatchObject({
      error: { code: 'conflict', reason: 'voucher_batch_not_completed' },
    });
    await ts.control.setBalance(10_000);
  });

  it('refuses a package the catalogue does not offer, and more than the service takes, before sending', async () => {
    await signIn('clerk');
    await ts.control.clearRequests();
    await expect(
      call('vouchers.create', { batchId: crypto.randomUUID(), packageId: 'no-such-package', quantity: 1, paymentMethod: 'cash' }),
    ).rejects.toMatchObject({ error: { code: 'not_found', reason: 'package_no_longer_offered' } });
    await expect(
      call('vouchers.create', { batchId: crypto.randomUUID(), packageId, quantity: 101, paymentMethod: 'cash' }),
    ).rejects.toMatchObject({
      error: { code: 'bad_input', fields: { quantity: 'too_big' } },
    });
    expect(await voucherRequests()).toHaveLength(0);
  });

  it('keeps an answer lost after sending as uncertain, and never sends it again', async () => {
    await signIn('clerk');
    await ts.control.clearRequests();
    await ts.control.fault({ match: { method: 'POST', path: '/v2/voucher/esim' }, kind: 'reset-after' });
    const batchId = crypto.randomUUID();
    const lost = await call<VoucherBatchView>('vouchers.create', {
      batchId,
      packageId,
      quantity: 2,
      bookingReference: 'LOST-1',
      paymentMethod: 'cash',
    });
    expect(lost).toMatchObject({ status: 'uncertain', codes: [] });
    // The service made them: the counter does not know the codes, and does not buy again.
    expect((await sandboxVouchers()).filter((v) => v.bookingReference === 'LOST-1')).toHaveLength(2);
    expect(
      (await call<VoucherBatchView>('vouchers.create', { batchId, packageId, quantity: 2, paymentMethod: 'cash' })).status,
    ).toBe('uncertain');
    expect(await voucherRequests()).toHaveLength(1);
  });

  it('reads the service’s documented refusal of an invalid package in the partner client', async () => {
    const error = await createEsimVouchers(testPartnerClient(ts), { packageId: 'no-such-package', quantity: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(PartnerError);
    expect(error).toMatchObject({ kind: 'validation', details: { status: 422 } });
    expect(error.details.fields['vouchers.0.package_id']).toMatch(/invalid/);
  });
});
