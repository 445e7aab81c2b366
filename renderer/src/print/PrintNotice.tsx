import { useTranslation } from 'react-i18next';
import type { PrintResult } from '../../../shared/printing.ts';

type Props = {
  result: PrintResult | null;
  /** A sale's or top-up's receipt: a failure says the sale is saved all the same. */
  saleSafe?: boolean;
  /** The cash drawer's kick: said only when it did not open. */
  drawer?: boolean;
};

/**
 * How a print ended, in the clerk's words: where it printed when that is worth saying (a thermal
 * printer, a PDF, the dialog instead of silent printing), or what went wrong and what to check.
 * A plain print through the OS says nothing.
 */
export function PrintNotice({ result, saleSafe = false, drawer = false }: Props) {
  const { t } = useTranslation('print');
  if (!result?.handled) return null;
  if (result.printed) {
    const printer = result.printer ?? '';
    const text = result.note
      ? t(`note.${result.note}`, { printer })
      : result.via === 'pdf' && result.pdfPath
        ? t('savedPdf', { file: result.pdfPath })
        : result.via === 'escpos' && !drawer
          ? t('printed', { printer })
          : null;
    return text ? (
      <p className={result.note ? 'notice warn' : 'notice good'} role="status">
        {text}
      </p>
    ) : null;
  }
  if (result.problem === 'cancelled') return null;
  return (
    <p className="notice warn" role="alert">
      {drawer && `${t('drawerFailed')} `}
      {t(`problem.${result.problem}`, { printer: result.printer ?? '' })}
      {saleSafe && ` ${t('saleSafe')}`}
    </p>
  );
}
