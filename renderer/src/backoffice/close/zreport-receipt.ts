/**
 * The Z report for a thermal printer: what ZReport.tsx prints on an 80 mm page, line for line, as
 * blocks the backend encodes in ESC/POS, in the words of whoever prints it.
 */
import type { Environment } from '../../../../shared/contract.ts';
import { PRACTICE_MARK } from '../../../../shared/display.ts';
import type { ReceiptBlockInput, StoreHeader } from '../../../../shared/printing.ts';
import type { DayClose } from '../../../../shared/reports.ts';
import { currentFormats } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import {
  auditHeadWords,
  breakdownLabel,
  closeDateTime,
  closeTime,
  paymentWords,
  reconciliationSummary,
} from '../common/format.ts';
import { closeSections } from './close-figures.ts';
import { costUnknownText } from '../reports/report-tables.tsx';
import { costWords, taxWords, voucherWords, zeroWords } from '../prices/prices-words.ts';
import { heading, pair, storeHead, text } from '../../print/receipt-layout.ts';

export function zReportBlocks(close: DayClose, store: StoreHeader, environment: Environment): ReceiptBlockInput[] {
  const t = i18n.t.bind(i18n);
  const f = currentFormats();
  const { report } = close;
  const zero = zeroWords(f);
  const blocks: ReceiptBlockInput[] = [
    ...storeHead(store),
    text(close.sequence === 1 ? t('close:z.endOfDay') : t('close:z.supplementary', { sequence: close.sequence }), {
      align: 'center',
      bold: true,
    }),
    text(f.day(close.date), { align: 'center' }),
    ...(close.follows ? [text(t('close:z.after', { time: closeTime(close.follows, close) }), { align: 'center' })] : []),
    text(t('close:z.timeZone', { zone: close.timeZone }), { align: 'center' }),
    { kind: 'rule' },
  ];
  if (environment !== 'production')
    blocks.push(text(t(`close:z.banner.${environment}`, { mark: PRACTICE_MARK[environment] }), { align: 'center', bold: true }));
  blocks.push(
    pair(t('close:z.closedBy'), close.closedByName),
    pair(t('close:z.closedAt'), closeDateTime(close.closedAt, close)),
    pair(t('close:z.auditLog'), close.auditHead ? auditHeadWords(close.auditHead) : t('close:z.notRecorded')),
    ...heading(t('close:z.totals')),
    pair(t('manager:stat.sales'), f.number(report.totals.sales)),
    pair(t('manager:stat.esims'), f.number(report.totals.esims)),
    pair(t('manager:stat.topups'), f.number(report.totals.topups)),
  );
  const vouchers = voucherWords(report.totals, f, zero);
  if (vouchers) blocks.push(pair(t('manager:stat.vouchers'), vouchers));
  blocks.push(pair(t('manager:stat.revenue'), f.amounts(report.totals.revenue, zero)));
  const tax = taxWords(report.totals, f);
  if (tax) blocks.push(pair(t('manager:stat.tax'), tax));
  blocks.push(
    pair(t('manager:stat.cost'), costWords(report.totals, f, zero)),
    pair(t('manager:stat.margin'), f.amounts(report.totals.margin, zero)),
  );
  const unknown = costUnknownText(report.totals.costUnknown);
  if (unknown) blocks.push(pair(t('close:z.costUnknown'), unknown));
  blocks.push(...heading(t('close:z.byPayment')));
  if (close.expected.length === 0) blocks.push(text(t('close:z.none')));
  for (const e of close.expected) blocks.push(pair(paymentWords(e.method), f.money(e)));
  for (const section of closeSections(close)) {
    blocks.push(...heading(section.heading));
    for (const line of section.lines) blocks.push(pair(line.label, line.value));
  }
  if (close.note) blocks.push(text(t('close:z.note', { note: close.note })));
  if (report.byClerk.length > 0) {
    blocks.push(...heading(t('close:z.byClerk')));
    for (const c of report.byClerk)
      blocks.push(
        pair(t('close:z.clerkLine', { name: breakdownLabel('clerk', c), count: f.number(c.count) }), f.amounts(c.revenue, zero)),
      );
  }
  blocks.push(...heading(t('close:z.service')), text(reconciliationSummary(close.reconciliation)));
  // Whole, so an auditor can hold it against the journal without trusting the app.
  if (close.auditHead) blocks.push(text(t('close:z.auditHash', { seq: close.auditHead.seq, hash: close.auditHead.hash })));
  blocks.push(
    { kind: 'rule' },
    text(t('close:z.printed', { when: closeDateTime(new Date(), close), id: close.id.slice(0, 8) }), { align: 'center' }),
  );
  return blocks;
}
