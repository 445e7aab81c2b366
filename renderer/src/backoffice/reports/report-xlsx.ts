/**
 * Any report as an Excel workbook: the CSV's lines in one sheet, counts and amounts as numbers (the
 * spreadsheet sums them) with as many decimals as their currency has, an unknown margin left empty.
 * The writer is loaded only when a manager asks for a file.
 */
import type { CellObject, SheetData } from 'write-excel-file/universal';
import { safeText } from '../../../../shared/csv.ts';
import type { Report } from '../../../../shared/reports.ts';
import { i18n } from '../../i18n/i18n.ts';
import { reportLines } from './report-export.ts';

/** The columns of reportLines holding amounts as decimal strings ('16.00'); the count before them is a number. */
const AMOUNT_COLUMNS = new Set([3, 4]);
/** The margin % column, a number of percent ('21.3'): a fraction formatted as a percentage in the sheet. */
const RATIO_COLUMN = 5;

function cell(value: string | number, column: number, head: boolean): CellObject | null {
  if (head) return { value, fontWeight: 'bold' };
  if (typeof value === 'number') return { value, type: Number };
  if (column === RATIO_COLUMN) {
    // 18.9 / 100 is 0.18899999999999997 in floating point: rounded to the percent's one decimal, the sheet holds 0.189.
    return value === '' ? null : { value: Number((Number(value) / 100).toFixed(3)), type: Number, format: '0.0%' };
  }
  if (AMOUNT_COLUMNS.has(column)) {
    if (value === '') return null;
    const decimals = value.split('.')[1]?.length ?? 0;
    return { value: Number(value), type: Number, format: decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0' };
  }
  // A text cell is never a formula in the file, but a spreadsheet may make it one when it is edited or pasted.
  return { value: safeText(value), type: String };
}

export function reportSheet(report: Report): SheetData {
  return reportLines(report).map((line, row) => line.map((value, column) => cell(value, column, row === 0)));
}

export async function reportXlsx(report: Report): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  return writeXlsxFile(reportSheet(report), {
    // A sheet's name: at most 31 characters, none of : \ / ? * [ ].
    sheet: i18n
      .t('reports:heading')
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31),
    columns: [{ width: 22 }, { width: 32 }, { width: 12 }, { width: 14 }, { width: 14 }, { width: 10 }, { width: 10 }],
  }).toBlob();
}
