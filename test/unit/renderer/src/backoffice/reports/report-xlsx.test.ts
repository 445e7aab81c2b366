import { unzipSync, strFromU8 } from 'fflate';
import { loadBackOfficeWords } from '../../../../../../renderer/src/i18n/i18n.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportXlsx } from '../../../../../../renderer/src/backoffice/reports/report-xlsx.ts';
import { useStore } from '../../../../../../renderer/src/state/store.ts';
import type { AppInfo } from '../../../../../../shared/contract.ts';
import type { Report } from '../../../../../../shared/reports.ts';

// The back office's words come with its screens; these tests call its functions directly.
beforeAll(() => loadBackOfficeWords());

beforeAll(() => useStore.setState({ info: { timeZone: 'Europe/London', locale: 'en-GB' } as AppInfo }));
afterAll(() => useStore.setState({ info: null }));

const usd = (minor: number) => [{ minor, currency: 'USD' }];
const report: Report = {
  fromDate: '2026-11-24',
  toDate: '2026-11-25',
  timeZone: 'UTC',
  totals: { sales: 3, esims: 3, topups: 1, revenue: usd(1600), cost: usd(1260), margin: usd(340) },
  byClerk: [{ key: 's1', name: 'Chris <CC> Clerk', count: 3, revenue: usd(1200), tax: usd(0), margin: usd(255) }],
  byPackage: [],
  byCountry: [{ key: 'DE', count: 4, revenue: [...usd(1600), { minor: 500, currency: 'JPY' }], margin: usd(340) }],
  byPaymentMethod: [{ key: 'cash', count: 3, revenue: usd(1200), margin: usd(255) }],
  perHour: [],
  perDay: [{ date: '2026-11-25', count: 4, revenue: usd(1600) }],
  problems: [],
  problemCounts: {},
};

/** The workbook's first sheet as rows of cell texts (shared strings looked up), by reading the file back. */
async function readBack(blob: Blob): Promise<{ rows: string[][]; xml: string; styles: string; names: string[] }> {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  const xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
  const shared = [...strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()).matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) =>
    m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
  // Cells by their column letter: an empty cell is not written, so its place is left ''.
  const rows = [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const [, attrs, inner] of row[1]!.matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/g)) {
      const column = /r="([A-Z])\d+"/.exec(attrs!)![1]!.charCodeAt(0) - 65;
      const value = /<v>([^<]*)<\/v>/.exec(inner ?? '')?.[1] ?? '';
      cells[column] = /t="s"/.test(attrs!) ? shared[Number(value)]! : value;
    }
    return Array.from(cells, (c) => c ?? '');
  });
  return { rows, xml, styles: strFromU8(files['xl/styles.xml']!), names: Object.keys(files) };
}

describe('a report as an Excel workbook', () => {
  it('holds the CSV’s lines, counts and amounts as numbers, in a sheet named after the report', async () => {
    const { rows, xml, styles, names } = await readBack(await reportXlsx(report));
    expect(names).toContain('xl/workbook.xml');
    expect(rows[0]).toEqual(['Section', 'Row', 'Sales and top-ups', 'Revenue', 'Margin', 'Margin %', 'Currency']);
    expect(rows).toContainEqual(['Totals', '2026-11-24 – 2026-11-25', '4', '16', '3.4', '0.213', 'USD']);
    expect(rows).toContainEqual(['By clerk', 'Chris <CC> Clerk', '3', '12', '2.55', '0.213', 'USD']);
    // A currency's row with no margin leaves the margin's cell empty, not 0; yen have no decimals.
    expect(rows).toContainEqual(['By country (sales)', 'Germany', '4', '500', '', '', 'JPY']);
    expect(rows).toContainEqual(['Day', '2026-11-25', '4', '16', '', '', 'USD']);
    // Amounts are numbers in the sheet (no t="s"), shown with their currency's decimals.
    expect(xml).toMatch(/<c r="D2"[^>]*><v>16<\/v><\/c>/);
    expect(styles).toContain('formatCode="#,##0.00"');
    expect(styles).toContain('formatCode="#,##0"');
    // Margin % a fraction shown as a percentage.
    expect(styles).toContain('formatCode="0.0%"');
  });

  it('holds a margin % without floating-point noise and a formula-like name as text', async () => {
    const noisy: Report = {
      ...report,
      // 1.89 of 10.00: 18.9 %, which divided by 100 in floating point is 0.18899999999999997.
      byClerk: [{ key: 's2', name: '=HYPERLINK("http://x")', count: 1, revenue: usd(1000), tax: usd(0), margin: usd(189) }],
    };
    const { rows, xml } = await readBack(await reportXlsx(noisy));
    expect(rows).toContainEqual(['By clerk', '\'=HYPERLINK("http://x")', '1', '10', '1.89', '0.189', 'USD']);
    expect(xml).not.toContain('0.18899999999999997');
  });
});
