/**
 * Receipts as long as their content. A page's size cannot follow its content in CSS (`size: 80mm
 * auto` is not a thing Chromium prints), so before printing, each 80 mm receipt on the page is laid
 * out out of sight (print.css `.print-measure`), measured, and given a named page of its own length
 * in a constructed style sheet (the page's CSP allows no inline styles). The desktop app's printer
 * is told the longest, since one job has one paper size.
 */
const MM_PER_PX = 25.4 / 96;
/** The receipt page's margins (print.css `@page receipt`), top and bottom. */
const MARGIN_BLOCK_MM = 3;
/** Room for rounding and the printer's last line feed. */
const SLACK_MM = 2;
/** What fits on a receipt: the Z report and the voucher. */
const RECEIPTS = '.print-root.paper-80mm .voucher, .print-root.paper-80mm .zreport';

let sheet: CSSStyleSheet | null = null;

/** Measures each receipt on the page and gives it a page of its length; the longest in millimetres, or null. */
export function fitReceiptPages(doc: Document = document): number | null {
  const receipts = [...doc.querySelectorAll<HTMLElement>(RECEIPTS)];
  if (receipts.length === 0) return null;
  const roots = new Set(receipts.map((receipt) => receipt.closest('.print-root')!));
  for (const root of roots) root.classList.add('print-measure');
  const rules: string[] = [];
  let longest = 0;
  try {
    receipts.forEach((receipt, index) => {
      const mm = Math.ceil(receipt.getBoundingClientRect().height * MM_PER_PX + 2 * MARGIN_BLOCK_MM + SLACK_MM);
      longest = Math.max(longest, mm);
      receipt.dataset.receiptPage = String(index);
      rules.push(
        `@page receipt-${index} { size: 80mm ${mm}mm; margin: ${MARGIN_BLOCK_MM}mm 4mm; }`,
        // As specific as print.css's `page: receipt` and more, so it wins whatever the order.
        `.print-root.zreport-root.paper-80mm [data-receipt-page="${index}"][data-receipt-page] { page: receipt-${index}; }`,
        `.print-root.paper-80mm .voucher[data-receipt-page="${index}"] { page: receipt-${index}; }`,
      );
    });
  } finally {
    for (const root of roots) root.classList.remove('print-measure');
  }
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(rules.join('\n'));
  if (!doc.adoptedStyleSheets.includes(sheet)) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  return longest;
}
