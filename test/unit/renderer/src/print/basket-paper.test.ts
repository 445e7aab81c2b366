import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketItem } from '../../../../../renderer/src/counter/basket/basket-items.ts';
import { paperWords } from '../../../../../renderer/src/print/paper.ts';
import { basketPaperLines, basketPapers, receiptJobs } from '../../../../../renderer/src/print/basket-paper.ts';
import { useStore } from '../../../../../renderer/src/state/store.ts';
import type { BasketLineView, BasketView } from '../../../../../shared/baskets.ts';
import type { PackageOffer } from '../../../../../shared/catalog.ts';
import type { AppInfo } from '../../../../../shared/contract.ts';
import type { ReceiptBlockInput, StoreHeader } from '../../../../../shared/printing.ts';
import { MAX_RECEIPT_BLOCKS, receiptJobSchema } from '../../../../../shared/receipt-job.ts';
import type { SaleView, TopupOffer, TopupView } from '../../../../../shared/sales.ts';

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/Berlin', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));

const store: StoreHeader = { name: 'Harbour Phones', address: '', taxId: '' };
const eur = (minor: number) => ({ minor, currency: 'EUR' });
const japan = {
  id: 'moshi-3gb',
  kind: 'local',
  countries: ['JP'],
  coverageName: 'Japan',
  region: null,
  dataText: '3 GB',
  days: 30,
  retail: eur(1500),
} as unknown as PackageOffer;
const europe = {
  id: 'eurolink-5gb',
  kind: 'regional',
  countries: ['FR', 'DE'],
  coverageName: 'Europe',
  region: 'europe',
  dataText: '5 GB',
  days: 15,
  retail: eur(2000),
} as unknown as PackageOffer;
const topupOffer = { id: 'moshi-topup-1gb', dataText: '1 GB', days: 7, retail: eur(500) } as unknown as TopupOffer;
const ICCID = '8944010000000000017';

const items: BasketItem[] = [
  { kind: 'sale', offer: japan, quantity: 2 },
  { kind: 'sale', offer: europe, quantity: 1 },
  { kind: 'topup', offer: topupOffer, iccid: ICCID },
];

const line = (index: number, status: BasketLineView['status'], total: number | null): BasketLineView => ({
  index,
  kind: index === 2 ? 'topup' : 'sale',
  orderId: `order-${index}`,
  packageId: items[index]!.offer.id,
  quantity: index === 0 ? 2 : 1,
  iccid: index === 2 ? ICCID : null,
  status,
  orderStatus: status === 'issued' ? 'completed' : status === 'checking' ? 'submitting' : 'failed',
  reference: `EC-20261130-0000000${index}`,
  total: total === null ? null : eur(total),
  refusal: null,
});

const basket: BasketView = {
  id: '6f1d2c3b-0000-4000-8000-000000000001',
  paymentMethod: 'card',
  createdAt: '2026-11-30T09:30:00.000Z',
  lines: [line(0, 'issued', 3000), line(1, 'failed', null), line(2, 'checking', 500)],
  charged: [eur(3000)],
  checking: [eur(500)],
};

const texts = (blocks: readonly ReceiptBlockInput[]) => blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));

describe('a basket’s receipt', () => {
  it('says each line in the customer’s words, with its price or why it cost nothing', () => {
    const lines = basketPaperLines(basket, items, paperWords());
    expect(lines.map((l) => l.what)).toEqual([
      expect.stringMatching(/^2 × .*3 GB.* · 30 days · Japan$/),
      expect.stringMatching(/5 GB.* · 15 days · Europe$/),
      expect.stringMatching(/^Top-up .*1 GB.* · 7 days · ICCID 8944 0100 0000 0000 017$/),
    ]);
    expect(lines.map((l) => [l.amount, l.charged])).toEqual([
      ['€30.00', true],
      ['Not issued, not charged', false],
      ['Being checked: charged only if issued', false],
    ]);
  });

  it('names a line by its own package when the basket was read back without what was put in; one not sent yet is not called free', () => {
    const waiting = { ...basket, lines: [line(0, 'waiting', null), line(2, 'issued', 500)] };
    const lines = basketPaperLines(waiting, [], paperWords());
    expect(lines.map((l) => l.what)).toEqual(['moshi-3gb', 'moshi-topup-1gb · ICCID 8944 0100 0000 0000 017']);
    expect(lines.map((l) => l.amount)).toEqual(['Being checked: charged only if issued', '€5.00']);
    // Another item at the line's place (the basket was changed after a refusal) is not taken for it.
    expect(basketPaperLines(waiting, [items[1]!, items[2]!], paperWords())[0]!.what).toBe('moshi-3gb');
  });

  it('puts the summary first, then each issued eSIM’s voucher and each top-up’s receipt, each a paper', () => {
    const sale = {
      reference: 'EC-20261130-00000000',
      packageTitle: 'Moshi 3 GB',
      packageData: '3 GB',
      packageDays: 30,
      quantity: 2,
      unitPrice: eur(1500),
      createdAt: basket.createdAt,
      completedAt: basket.createdAt,
      esims: [1, 2].map((n) => ({
        iccid: `894401000000000010${n}`,
        qrcode: `LPA:1$smdp.example.com$M-${n}`,
        appleInstallUrl: null,
      })),
    } as unknown as SaleView;
    const topup = {
      reference: 'EC-20261130-00000002',
      iccid: ICCID,
      packageTitle: 'Moshi top-up',
      packageData: '1 GB',
      packageDays: 7,
      price: eur(500),
      paymentMethod: 'card',
      createdAt: basket.createdAt,
      completedAt: basket.createdAt,
    } as unknown as TopupView;
    const papers = basketPapers(basket, items, { sales: [sale], topups: [topup] }, store, 'demo', paperWords());
    // The summary, one paper each of the sale's two eSIMs, the top-up's receipt.
    expect(papers).toHaveLength(4);
    const summary = texts(papers[0]!);
    expect(summary[0]).toBe('Harbour Phones');
    expect(summary).toContain('DEMO — NOT A REAL eSIM');
    expect(summary).toContain('Your purchase');
    expect(summary.at(-1)).toBe('Paid €30.00 · Card');
    expect(papers.slice(1, 3).map((p) => p.filter((b) => b.kind === 'qr').length)).toEqual([1, 1]);
    expect(papers[3]!.some((b) => b.kind === 'barcode' && b.data === ICCID)).toBe(true);
    const [job, ...more] = receiptJobs(papers, MAX_RECEIPT_BLOCKS);
    expect(more).toHaveLength(0);
    expect(job!.filter((b) => b.kind === 'cut')).toHaveLength(3); // between the four papers
    expect(receiptJobSchema.safeParse({ blocks: job }).success).toBe(true);
  });

  it('prints the largest basket, twenty lines of ten eSIMs, as jobs the printer takes, every eSIM once', () => {
    const big = (n: number) =>
      ({
        reference: `EC-20261130-0000${n}`,
        packageTitle: 'Moshi 3 GB',
        packageData: '3 GB',
        packageDays: 30,
        quantity: 10,
        unitPrice: eur(1500),
        createdAt: basket.createdAt,
        completedAt: basket.createdAt,
        esims: Array.from({ length: 10 }, (_, i) => ({
          iccid: `89440100000000${String(n).padStart(2, '0')}${String(i).padStart(3, '0')}`,
          qrcode: `LPA:1$smdp.example.com$M-${n}-${i}`,
          appleInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.example.com$M-${n}-${i}`,
        })),
      }) as unknown as SaleView;
    const sales = Array.from({ length: 20 }, (_, n) => big(n));
    const twenty = { ...basket, lines: sales.map((_, n) => ({ ...line(0, 'issued', 15000), index: n })) };
    const full = { name: 'Harbour Phones', address: '1 Harbour Street\n20457 Hamburg', taxId: 'DE123456789' };
    const jobs = receiptJobs(basketPapers(twenty, [], { sales, topups: [] }, full, 'demo', paperWords()), MAX_RECEIPT_BLOCKS);
    expect(jobs.length).toBeGreaterThan(1);
    for (const job of jobs) expect(receiptJobSchema.safeParse({ blocks: job }).success).toBe(true);
    const qrs = jobs.flat().flatMap((b) => (b.kind === 'qr' && b.data.startsWith('LPA:') ? [b.data] : []));
    expect(new Set(qrs).size).toBe(200);
    expect(qrs).toHaveLength(200);
  });

  it('says nothing was paid when no line was issued', () => {
    const none = { ...basket, lines: [line(1, 'failed', null)], charged: [], checking: [] };
    expect(texts(basketPapers(none, items, { sales: [], topups: [] }, store, 'production', paperWords())[0]!).at(-1)).toBe(
      'Nothing charged',
    );
  });
});

describe('receipt jobs', () => {
  const paper = (n: number): ReceiptBlockInput[] => Array.from({ length: n }, () => ({ kind: 'rule' }) as const);

  it('keep papers whole, cut between them, and start a new job where the next paper would pass the limit', () => {
    const jobs = receiptJobs([paper(5), paper(3), paper(4)], 10);
    expect(jobs.map((j) => j.length)).toEqual([9, 4]);
    expect(jobs[0]![5]).toEqual({ kind: 'cut' });
    expect(receiptJobs([], 10)).toEqual([]);
  });
});
