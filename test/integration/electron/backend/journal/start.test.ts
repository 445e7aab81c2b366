import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { DEMO_REFUND_REVIEW_MS } from '../../../../../electron/backend/refunds/service.ts';
import { startDemoSandbox } from '../../../../../electron/backend/journal/start.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { testSandboxOf, type TestSandbox } from '../../../../support/sandbox.ts';

type Sale = { id: string; esims: { iccid: string }[] };

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];

beforeAll(async () => {
  // The Demo sandbox exactly as the app starts it, not a test one.
  ts = testSandboxOf(await startDemoSandbox(fs.mkdtempSync(path.join(os.tmpdir(), 'demo-')), 0));
  const test = await startTestBackend(ts);
  ({ backend, call, signIn } = test);
  await test.addStaff('clerk', 'Chris Clerk', 'clerk');
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('the Demo sandbox', () => {
  it('answers a refund request by itself after a minute, so practising a refund ends in an answer', async () => {
    await signIn('clerk');
    const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'FR', type: 'local' }))[0]!;
    const sale = await call<Sale>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
    await signIn('manager');
    const refund = await call<{ id: string }>('refunds.request', {
      saleId: sale.id,
      iccids: [sale.esims[0]!.iccid],
      reason: 'NO_COVERAGE',
    });
    const statusOf = async () =>
      (await call<Array<{ id: string; status: string }>>('refunds.refresh', { force: true })).find((r) => r.id === refund.id)
        ?.status;
    expect(await statusOf()).toBe('requested');
    await ts.control.advanceClock(DEMO_REFUND_REVIEW_MS + 1_000);
    expect(await statusOf()).toBe('refunded');
  });
});
