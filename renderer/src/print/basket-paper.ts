/**
 * A basket's one receipt: what was bought, line by line, what each line cost or why it cost nothing,
 * and what was paid, in the customer's words; then each issued eSIM's voucher and each top-up's
 * receipt. The same lines for the OS path (BasketReceipt.tsx) and the thermal printer (basketBlocks).
 */
import type { BasketView } from '../../../shared/baskets.ts';
import type { Environment } from '../../../shared/contract.ts';
import type { ReceiptBlockInput, StoreHeader } from '../../../shared/printing.ts';
import type { SaleView, TopupView } from '../../../shared/sales.ts';
import { itemOf, type BasketItem } from '../counter/basket/basket-items.ts';
import { groupIccid } from '../counter/esim/EsimCodes.tsx';
import { placeName } from '../counter/esim/package-words.ts';
import { isolate } from '../ui/isolate.ts';
import type { PaperWords } from './paper.ts';
import { headBlocks, salePractice, topupBlocks, voucherBlocks, type Words } from './receipt-jobs.ts';

export type BasketPaperLine = { readonly what: string; readonly amount: string; readonly charged: boolean };

/** Each line as the customer reads it: "2 × 3 GB · 30 days · Japan", and its price or its status. */
export function basketPaperLines(
  basket: BasketView,
  items: readonly BasketItem[],
  { t, f, language }: Pick<PaperWords, 't' | 'f' | 'language'>,
): BasketPaperLine[] {
  return basket.lines.map((line) => {
    const item = itemOf(items, line);
    // A line without its offer (a basket read back after a restart) is named by its package.
    let what =
      line.kind === 'topup' && line.iccid
        ? `${line.packageId} · ${t('iccid', { iccid: groupIccid(line.iccid) })}`
        : line.packageId;
    if (item?.kind === 'sale') {
      const { offer } = item;
      const place = placeName(
        {
          countryCode: offer.kind === 'local' ? (offer.countries[0] ?? null) : null,
          coverageName: offer.coverageName,
          region: offer.region,
        },
        f,
        language,
      );
      what = `${line.quantity} × ${t('package', { data: isolate(offer.dataText), count: offer.days })} · ${place}`;
    } else if (item?.kind === 'topup') {
      const data = t('topup.package', { data: isolate(item.offer.dataText), count: item.offer.days });
      what = `${data} · ${t('iccid', { iccid: groupIccid(item.iccid) })}`;
    }
    const charged = line.status === 'issued' && line.total !== null;
    // A line not sent yet is charged only if it is issued, as one being checked.
    const amount = charged ? f.money(line.total!) : line.status === 'failed' ? t('basket.notIssued') : t('basket.checking');
    return { what, amount, charged };
  });
}

/** "Paid 45.00 € · Card" (per currency when the basket had more than one), or that nothing was. */
export function basketPaid(basket: BasketView, { t, f }: Words): string {
  if (basket.charged.length === 0) return t('basket.nothingPaid');
  return t('basket.paid', { amount: f.amounts(basket.charged), payment: t(`payment.${basket.paymentMethod}`) });
}

/**
 * The thermal printer's basket, one paper each: the summary, then every issued eSIM's voucher and
 * every top-up's receipt.
 */
export function basketPapers(
  basket: BasketView,
  items: readonly BasketItem[],
  issued: { readonly sales: readonly SaleView[]; readonly topups: readonly TopupView[] },
  store: StoreHeader,
  environment: Environment,
  words: PaperWords,
): ReceiptBlockInput[][] {
  const { t, f } = words;
  const practice = salePractice(environment, t);
  const taxLine = store.taxId ? t('taxId', { taxId: store.taxId }) : null;
  const summary: ReceiptBlockInput[] = [
    ...headBlocks(store, taxLine, isolate(f.dateTime(basket.createdAt))),
    ...(practice ? [{ kind: 'text', text: practice, align: 'center', bold: true } as const] : []),
    { kind: 'text', text: t('basket.heading'), align: 'center', bold: true },
  ];
  for (const line of basketPaperLines(basket, items, words)) {
    summary.push({ kind: 'text', text: line.what }, { kind: 'text', text: line.amount, align: 'end', bold: line.charged });
  }
  summary.push({ kind: 'rule' }, { kind: 'text', text: basketPaid(basket, words), align: 'center', bold: true });
  return [
    summary,
    // One paper an eSIM, as the voucher already cuts them: a job never has to hold ten at once.
    ...issued.sales.flatMap((sale) => splitAtCuts(voucherBlocks(sale, store, environment, words))),
    ...issued.topups.map((topup) => topupBlocks(topup, store, environment, words)),
  ];
}

function splitAtCuts(blocks: readonly ReceiptBlockInput[]): ReceiptBlockInput[][] {
  const papers: ReceiptBlockInput[][] = [[]];
  for (const block of blocks) {
    if (block.kind === 'cut') papers.push([]);
    else papers.at(-1)!.push(block);
  }
  return papers.filter((paper) => paper.length > 0);
}

/**
 * Papers put into as few printer jobs as the job's limit allows, cut between papers: a family's
 * basket is one job, twenty lines of ten eSIMs are several.
 */
export function receiptJobs(papers: readonly ReceiptBlockInput[][], maxBlocks: number): ReceiptBlockInput[][] {
  const jobs: ReceiptBlockInput[][] = [];
  let job: ReceiptBlockInput[] = [];
  for (const paper of papers) {
    if (job.length > 0 && job.length + 1 + paper.length > maxBlocks) {
      jobs.push(job);
      job = [];
    }
    job = job.length === 0 ? [...paper] : [...job, { kind: 'cut' }, ...paper];
  }
  if (job.length > 0) jobs.push(job);
  return jobs;
}
