// The install steps in the customer's language: the backend asks the service in it (Accept-Language)
// and says which language the service answered in, English where it has none in the one asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { InstallSteps } from '../../../../../shared/esims.ts';
import type { SaleView } from '../../../../../shared/sales.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let iccid: string;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call } = test);
  await test.addStaff('chris', 'Chris Clerk', 'clerk');
  await test.signIn('chris');
  const offer = (await call<PackageOffer[]>('catalog.packages', { country: 'DE', type: 'local' }))[0]!;
  const sale = await call<SaleView>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'cash' });
  iccid = sale.esims[0]!.iccid;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

const qrSteps = (steps: InstallSteps) => steps.platforms.find((p) => p.os === 'ios')!.qrSteps.join(' ');

describe('install steps in the customer’s language', () => {
  it('reach the service as Accept-Language and come back in that language', async () => {
    const de = await call<InstallSteps>('esims.instructions', { iccid, language: 'de' });
    expect(de.language).toBe('de');
    expect(qrSteps(de)).toContain('Einstellungen');
    const fr = await call<InstallSteps>('esims.instructions', { iccid, language: 'fr' });
    expect(fr.language).toBe('fr');
    expect(qrSteps(fr)).toContain('Réglages');
  });

  it('say English when the service has none in the language asked', async () => {
    const ko = await call<InstallSteps>('esims.instructions', { iccid, language: 'ko' });
    expect(ko.language).toBe('en');
    expect(qrSteps(ko)).toContain('Settings');
    const zh = await call<InstallSteps>('esims.instructions', { iccid, language: 'zh-CN' });
    expect(zh.language).toBe('en');
  });
});
