import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ReceiptBlockInput, StoreHeader } from '../../../shared/printing.ts';
import type { Paper } from '../../../shared/settings.ts';
import { Barcode } from '../ui/Barcode.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { useFormats, type Formats } from '../i18n/format.ts';
import type { i18n } from '../i18n/i18n.ts';
import { headBlocks } from './receipt-jobs.ts';
import { fallbackStore, PaperHead } from './PaperHead.tsx';
import { usePrintSetup } from './print-setup.ts';

/** What the test page's codes hold: anything a scanner reads back as it is. */
export const TEST_QR = 'eSIM Counter test page';
export const TEST_BARCODE = '0123456789';

type TestWords = { readonly t: (typeof i18n)['t']; readonly f: Formats };

/** Settings → Printer's test page for a thermal printer, in the manager's words. */
export function testPageBlocks(
  store: StoreHeader,
  printer: string,
  width: number,
  drawer: boolean,
  { t, f }: TestWords,
): ReceiptBlockInput[] {
  return [
    ...headBlocks(store, store.taxId ? t('close:z.taxId', { taxId: store.taxId }) : null, f.dateTime(new Date())),
    { kind: 'text', text: t('settings:printer.testPage.title'), align: 'center', size: 'large', bold: true },
    { kind: 'text', text: t('settings:printer.testPage.printer', { printer }) },
    { kind: 'text', text: t('settings:printer.testPage.roll', { width }) },
    { kind: 'text', text: t('settings:printer.testPage.scan') },
    { kind: 'qr', data: TEST_QR },
    { kind: 'barcode', data: TEST_BARCODE },
    ...(drawer ? [{ kind: 'text', text: t('settings:printer.testPage.drawer') } as const] : []),
    { kind: 'rule' },
    { kind: 'text', text: t('settings:printer.testPage.end'), align: 'center' },
  ];
}

/** The same test page for the OS path: in the page, shown only in print, on the paper being tried. */
export function TestPage({ paper, printer }: { paper: Paper; printer: string }) {
  const { t } = useTranslation(['settings', 'close', 'common']);
  const f = useFormats();
  const store = usePrintSetup()?.store ?? fallbackStore(t('common:appName'));
  return createPortal(
    <div className={`print-root ${paper === 'a4' ? 'paper-a4' : 'paper-80mm'}`} data-testid="test-page">
      <article className="voucher">
        <PaperHead store={store} taxLine={store.taxId ? t('close:z.taxId', { taxId: store.taxId }) : null}>
          <div className="voucher-meta">{f.dateTime(new Date())}</div>
        </PaperHead>
        <div className="voucher-package">
          <strong>{t('printer.testPage.title')}</strong>
          <span>{t('printer.testPage.printer', { printer })}</span>
        </div>
        <p className="voucher-small">{t('printer.testPage.scan')}</p>
        <div className="voucher-codes">
          <QrCode text={TEST_QR} size={160} label={t('printer.testPage.title')} />
        </div>
        <div className="voucher-iccid">
          <Barcode value={TEST_BARCODE} height={48} moduleWidth={1.5} label={TEST_BARCODE} />
        </div>
        <p className="voucher-small">{t('printer.testPage.end')}</p>
      </article>
    </div>,
    document.body,
  );
}
