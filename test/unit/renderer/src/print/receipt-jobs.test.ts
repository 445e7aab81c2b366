import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../../renderer/src/i18n/i18n.ts';
import { CUSTOMER_NAMESPACES } from '../../../../../renderer/src/i18n/locales/en/index.ts';
import { paperWords } from '../../../../../renderer/src/print/paper.ts';
import { topupBlocks, voucherBlocks } from '../../../../../renderer/src/print/receipt-jobs.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../shared/contract.ts';
import type { ReceiptBlockInput, StoreHeader } from '../../../../../shared/printing.ts';
import { receiptJobSchema } from '../../../../../shared/receipt-job.ts';
import type { SaleView, TopupView } from '../../../../../shared/sales.ts';

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/Berlin', locale: 'de-DE' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));

const store: StoreHeader = { name: 'Harbour Phones', address: '1 Harbour Street\n20457 Hamburg', taxId: 'DE123456789' };
const esim = (n: number) => ({
  iccid: `894401000000000000${n}`,
  qrcode: `LPA:1$smdp.example.com$MATCH-${n}`,
  appleInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.example.com$MATCH-${n}`,
});
const sale = {
  reference: 'EC-20261125-ABC',
  packageTitle: 'Mango Net 1 GB',
  packageData: '1 GB',
  packageDays: 7,
  quantity: 2,
  unitPrice: { minor: 450, currency: 'EUR' },
  createdAt: '2026-11-25T10:00:00.000Z',
  completedAt: '2026-11-25T10:00:05.000Z',
  esims: [esim(1), esim(2)],
} as unknown as SaleView;

const ESIM_OF = (n: number) => `eSIM ${n} of 2`;
const texts = (blocks: readonly ReceiptBlockInput[]) => blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));

describe('receipts for the thermal printer', () => {
  it('give each eSIM its slip: the store’s head, its QR codes, the code to type by hand, its ICCID barcode', () => {
    const blocks = voucherBlocks(sale, store, 'production', paperWords());
    expect(blocks.filter((b) => b.kind === 'cut')).toHaveLength(1);
    expect(blocks.flatMap((b) => (b.kind === 'qr' ? [b.data] : []))).toEqual([
      esim(1).qrcode,
      esim(1).appleInstallUrl,
      esim(2).qrcode,
      esim(2).appleInstallUrl,
    ]);
    expect(blocks.flatMap((b) => (b.kind === 'barcode' ? [b.data] : []))).toEqual([esim(1).iccid, esim(2).iccid]);
    const words = texts(blocks);
    expect(words.filter((w) => w === 'Harbour Phones')).toHaveLength(2);
    expect(words).toContain('Tax ID DE123456789');
    expect(words).toContain('smdp.example.com');
    expect(words).toContain('MATCH-2');
    expect(words.filter((w) => /^€4\.50 · /.test(w))).toEqual([`€4.50 · ${ESIM_OF(1)}`, `€4.50 · ${ESIM_OF(2)}`]);
    // No banner in production; what it composes is what the contract accepts.
    expect(words.some((w) => w.includes('NOT A REAL'))).toBe(false);
    expect(receiptJobSchema.safeParse({ blocks }).success).toBe(true);
  });

  it('hide the QR of a masked eSIM, and mark a practice sale at its head and foot', () => {
    const masked = { ...sale, quantity: 1, esims: [{ ...esim(1), qrcode: null, appleInstallUrl: null }] } as unknown as SaleView;
    const blocks = voucherBlocks(masked, { ...store, taxId: '' }, 'demo', paperWords());
    expect(blocks.some((b) => b.kind === 'qr')).toBe(false);
    const words = texts(blocks);
    expect(words).toContain('QR hidden: reprinting needs a manager’s approval.');
    expect(words.filter((w) => w === 'DEMO — NOT A REAL eSIM')).toHaveLength(2);
    expect(words.some((w) => w.startsWith('Tax ID'))).toBe(false);
    expect(words.some((w) => w.includes('SM-DP+'))).toBe(false);
  });

  it('put the top-up, its payment and the ICCID barcode on one slip', () => {
    const topup = {
      reference: 'TU-20261125-XYZ',
      packageTitle: 'Mango Net 3 GB',
      packageData: '3 GB',
      packageDays: 30,
      price: { minor: 1200, currency: 'EUR' },
      paymentMethod: 'card',
      iccid: esim(1).iccid,
      createdAt: '2026-11-25T11:00:00.000Z',
      completedAt: '2026-11-25T11:00:03.000Z',
    } as unknown as TopupView;
    const blocks = topupBlocks(topup, store, 'production', paperWords());
    expect(blocks.some((b) => b.kind === 'cut' || b.kind === 'qr')).toBe(false);
    expect(blocks.flatMap((b) => (b.kind === 'barcode' ? [b.data] : []))).toEqual([esim(1).iccid]);
    expect(texts(blocks)).toEqual(
      expect.arrayContaining(['Harbour Phones', 'Top-up \u20683 GB\u2069 · 30 days', 'Tax ID DE123456789']),
    );
    expect(texts(blocks).find((w) => w.endsWith('Card'))).toBeDefined();
  });

  it('keep each value whole in an Arabic slip: the data beside its days, the date and the reference each in one piece', async () => {
    await loadNamespaces('ar', CUSTOMER_NAMESPACES);
    useStore.setState({ paperLanguage: 'ar' });
    try {
      const words = texts(voucherBlocks(sale, store, 'production', paperWords()));
      // First-strong isolates: "1 GB" reads left to right before "7 أيام", not "GB · 7 1 أيام".
      expect(words).toContain('\u20681 GB\u2069 · 7 أيام');
      const meta = words.find((w) => w.includes(sale.reference))!;
      expect(meta).toMatch(/^\u2068[^\u2068\u2069]+\u2069 · \u2068EC-20261125-ABC\u2069$/);
    } finally {
      useStore.setState({ paperLanguage: 'en' });
    }
  });
});
