/**
 * The voucher and the top-up receipt for a thermal printer: the same things the OS path prints
 * (Voucher.tsx, TopupReceipt.tsx), in the same order and the customer's words, as blocks the
 * backend encodes in ESC/POS — the QR codes and the ICCID barcode as the printer's own symbols.
 */
import type { Environment } from '../../../shared/contract.ts';
import { practiceMark } from '../../../shared/display.ts';
import { manualCode } from '../../../shared/lpa.ts';
import type { ReceiptBlockInput, StoreHeader } from '../../../shared/printing.ts';
import type { Money } from '../../../shared/money.ts';
import type { PaymentMethod, SaleView, TopupView } from '../../../shared/sales.ts';
import { groupIccid } from '../counter/esim/EsimCodes.tsx';
import { SHORT_STEPS } from '../counter/install/short-steps.ts';
import { isolate } from '../ui/isolate.ts';
import type { PaperWords } from './paper.ts';

export type Words = Pick<PaperWords, 't' | 'f'>;

/** The store's name, address and tax number, then the line that says when and which sale. */
export function headBlocks(store: StoreHeader, taxLine: string | null, meta: string): ReceiptBlockInput[] {
  return [
    { kind: 'text', text: store.name, align: 'center', size: 'large', bold: true },
    ...(store.address ? [{ kind: 'text', text: store.address, align: 'center' } as const] : []),
    ...(taxLine ? [{ kind: 'text', text: taxLine, align: 'center' } as const] : []),
    { kind: 'text', text: meta, align: 'center' },
    { kind: 'rule' },
  ];
}

const banner = (text: string | null): ReceiptBlockInput[] => (text ? [{ kind: 'text', text, align: 'center', bold: true }] : []);

/** The line a practice sale's paper carries (Demo, the partner's sandbox); null in Production. */
export function salePractice(environment: Environment, t: Words['t']): string | null {
  const mark = practiceMark(environment);
  return environment === 'production' || !mark ? null : t(`practice.${environment}`, { mark });
}

export function voucherBlocks(
  sale: SaleView,
  store: StoreHeader,
  environment: Environment,
  { t, f }: Words,
): ReceiptBlockInput[] {
  const practice = salePractice(environment, t);
  // Each value kept whole and in its own order inside a right-to-left line.
  const meta = `${isolate(f.dateTime(sale.completedAt ?? sale.createdAt))} · ${isolate(sale.reference)}`;
  const taxLine = store.taxId ? t('taxId', { taxId: store.taxId }) : null;
  const blocks: ReceiptBlockInput[] = [];
  sale.esims.forEach((esim, index) => {
    if (index > 0) blocks.push({ kind: 'cut' });
    blocks.push(...headBlocks(store, taxLine, meta), ...banner(practice));
    blocks.push(
      {
        kind: 'text',
        text: t('package', { data: isolate(sale.packageData), count: sale.packageDays }),
        align: 'center',
        bold: true,
      },
      { kind: 'text', text: sale.packageTitle, align: 'center' },
      {
        kind: 'text',
        text:
          f.money(sale.unitPrice) +
          (sale.quantity > 1 ? ` · ${t('install:esimOf', { index: index + 1, total: sale.quantity })}` : ''),
        align: 'center',
        bold: true,
      },
    );
    if (esim.qrcode) {
      blocks.push({ kind: 'qr', data: esim.qrcode }, { kind: 'text', text: t('install:scan.any'), align: 'center' });
      if (esim.appleInstallUrl)
        blocks.push(
          { kind: 'qr', data: esim.appleInstallUrl },
          { kind: 'text', text: t('install:scan.iphone'), align: 'center' },
        );
      const code = manualCode(esim.qrcode);
      if (code) {
        blocks.push(
          { kind: 'text', text: t('manual.heading') },
          { kind: 'text', text: `${t('manual.smdp')}:` },
          { kind: 'text', text: code.smdp, bold: true },
          { kind: 'text', text: `${t('manual.code')}:` },
          { kind: 'text', text: code.activationCode, bold: true },
        );
      }
    } else {
      blocks.push({ kind: 'text', text: t('qrHidden'), align: 'center' });
    }
    blocks.push(
      { kind: 'rule' },
      { kind: 'text', text: t('iccid', { iccid: groupIccid(esim.iccid) }), align: 'center', bold: true },
      { kind: 'barcode', data: esim.iccid },
      { kind: 'text', text: t('topupsHint'), align: 'center' },
      { kind: 'rule' },
      ...SHORT_STEPS.map((step, n) => ({ kind: 'text', text: `${n + 1}. ${t(`install:steps.${step}`)}` }) as const),
      ...banner(practice),
    );
  });
  return blocks;
}

/** The top of a receipt for something paid: the store, the practice mark, what was bought, its price and tender. */
export function paidHead(
  store: StoreHeader,
  meta: string,
  practice: string | null,
  { t, f }: Words,
  paid: { readonly what: string; readonly title: string; readonly price: Money; readonly paymentMethod: PaymentMethod },
): ReceiptBlockInput[] {
  return [
    ...headBlocks(store, store.taxId ? t('taxId', { taxId: store.taxId }) : null, meta),
    ...banner(practice),
    { kind: 'text', text: paid.what, align: 'center', bold: true },
    { kind: 'text', text: paid.title, align: 'center' },
    { kind: 'text', text: `${f.money(paid.price)} · ${t(`payment.${paid.paymentMethod}`)}`, align: 'center', bold: true },
    { kind: 'rule' },
  ];
}

export function topupBlocks(
  topup: TopupView,
  store: StoreHeader,
  environment: Environment,
  { t, f }: Words,
): ReceiptBlockInput[] {
  const mark = practiceMark(environment);
  const practice = mark ? t('practice.topup', { mark }) : null;
  const meta = `${isolate(f.dateTime(topup.completedAt ?? topup.createdAt))} · ${isolate(topup.reference)}`;
  return [
    ...paidHead(
      store,
      meta,
      practice,
      { t, f },
      {
        what: t('topup.package', { data: isolate(topup.packageData), count: topup.packageDays }),
        title: topup.packageTitle,
        price: topup.price,
        paymentMethod: topup.paymentMethod,
      },
    ),
    { kind: 'text', text: t('iccid', { iccid: groupIccid(topup.iccid) }), align: 'center', bold: true },
    { kind: 'barcode', data: topup.iccid },
    { kind: 'text', text: t('topup.added'), align: 'center' },
    ...banner(practice),
  ];
}
