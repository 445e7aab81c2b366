import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from '../../../../electron/shell/electron-types.ts';
import { printPage, withPrinting } from '../../../../electron/shell/print.ts';
import { FakeWebContents } from '../../../support/fake-electron.ts';

const contents = () => {
  const fake = new FakeWebContents();
  fake.printers = [{ name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III', description: '', options: {} }];
  return fake;
};
const asContents = (fake: FakeWebContents) => fake as unknown as Pick<WebContents, 'print' | 'getPrintersAsync' | 'printToPDF'>;

describe('print.page in the desktop app', () => {
  it('prints silently to the manager’s printer, on the paper asked for', async () => {
    const fake = contents();
    const result = await printPage(
      asContents(fake),
      { paper: 'a4' },
      {
        printerSettings: () => ({ printerName: 'EPSON TM-T20III', paper: 'receipt80', silent: true, escpos: null }),
        pdfFolder: () => '/unused',
      },
    );
    expect(result).toEqual({ ok: true, value: { handled: true, printed: true, via: 'os', printer: 'EPSON TM-T20III' } });
    expect(fake.printCalls[0]?.options).toMatchObject({ silent: true, deviceName: 'EPSON_TM_T20III' });
  });

  it('cuts the receipt where the page says it ends, and says in a code why a job did not print', async () => {
    const fake = contents();
    fake.printResults = [[false, 'Printer is out of paper']];
    const result = await printPage(
      asContents(fake),
      { paper: 'receipt80', lengthMm: 131.2 },
      {
        printerSettings: () => ({ printerName: null, paper: 'a4', silent: false, escpos: null }),
        pdfFolder: () => '/unused',
      },
    );
    expect(fake.printCalls[0]?.options).toMatchObject({ pageSize: { width: 80_000, height: 132_000 } });
    expect(result).toEqual({
      ok: true,
      value: { handled: true, printed: false, problem: 'failed', detail: 'Printer is out of paper' },
    });
  });

  it('saves a PDF in the documents folder when asked', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
    const result = await printPage(
      asContents(contents()),
      { pdf: true },
      {
        printerSettings: () => ({ printerName: null, paper: 'receipt80', silent: false, escpos: null }),
        pdfFolder: () => folder,
        now: () => Date.parse('2026-11-22T10:00:00Z'),
      },
    );
    expect(result).toMatchObject({ ok: true, value: { handled: true, printed: true, via: 'pdf' } });
    const file = (result as { value: { pdfPath: string } }).value.pdfPath;
    expect(file).toBe(path.join(folder, 'esim-counter-2026-11-22T10-00-00-000Z.pdf'));
    expect(fs.existsSync(file)).toBe(true);
  });

  it('passes every other method, and a refused print, through without printing', async () => {
    const fake = contents();
    const dispatch = vi.fn(async (method: string) =>
      method === 'print.page'
        ? { ok: false as const, error: { code: 'signed_out' as const, message: 'Sign in' } }
        : { ok: true as const, value: method },
    );
    const wrapped = withPrinting(dispatch, {
      printerSettings: () => ({ printerName: null, paper: 'a4', silent: false, escpos: null }),
      pdfFolder: () => '/unused',
    });
    expect(await wrapped('sales.list', {}, asContents(fake))).toEqual({ ok: true, value: 'sales.list' });
    expect(await wrapped('print.page', {}, asContents(fake))).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect(fake.printCalls).toHaveLength(0);
  });
});
