import { describe, expect, it } from 'vitest';
import type { WebContents } from '../../../../electron/shell/electron-types.ts';
import { buildPdfOptions, buildPrintOptions, printContents, printToPdf } from '../../../../electron/shell/printing.ts';
import type { PrinterSettings } from '../../../../shared/settings.ts';
import { FakeWebContents } from '../../../support/fake-electron.ts';

const printers = [
  { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III Receipt', description: '', options: {} },
  { name: 'HP_LaserJet', displayName: 'HP LaserJet Pro', description: '', options: {} },
];

describe('print options from the settings', () => {
  it('print silently to the configured receipt printer on 80 mm paper as long as the receipt, without margins', () => {
    const plan = buildPrintOptions({ printerName: 'EPSON_TM_T20III', paper: 'receipt80', silent: true }, printers, 112.4);
    expect(plan).toEqual({
      options: {
        silent: true,
        deviceName: 'EPSON_TM_T20III',
        // Rounded up to the next millimetre: the last line is never cut.
        pageSize: { width: 80_000, height: 113_000 },
        margins: { marginType: 'none' },
        color: false,
        printBackground: true,
        landscape: false,
        copies: 1,
      },
      note: null,
    });
    // A page that did not measure itself gets the old fixed length.
    expect(buildPrintOptions({ printerName: null, paper: 'receipt80', silent: false }, printers).options.pageSize).toEqual({
      width: 80_000,
      height: 260_000,
    });
  });

  it('find the printer by its display name too, and print A4 in colour with default margins', () => {
    const plan = buildPrintOptions({ printerName: 'hp laserjet pro', paper: 'a4', silent: true }, printers);
    expect(plan.options).toMatchObject({
      silent: true,
      deviceName: 'HP_LaserJet',
      pageSize: 'A4',
      margins: { marginType: 'default' },
      color: true,
    });
  });

  it('open the dialog on the named printer when silent printing is off', () => {
    const plan = buildPrintOptions({ printerName: 'HP_LaserJet', paper: 'a4', silent: false }, printers);
    expect(plan.options).toMatchObject({ silent: false, deviceName: 'HP_LaserJet' });
    expect(plan.note).toBeNull();
  });

  it('fall back to the dialog, with the reason for the screen to word, when the named printer is missing or none is named', () => {
    const missing = buildPrintOptions({ printerName: 'Star TSP100', paper: 'receipt80', silent: true }, printers);
    expect(missing.options.silent).toBe(false);
    expect(missing.options).not.toHaveProperty('deviceName');
    expect(missing.note).toBe('printer_missing');
    const unnamed = buildPrintOptions({ printerName: null, paper: 'receipt80', silent: true }, printers);
    expect(unnamed.options.silent).toBe(false);
    expect(unnamed.note).toBe('no_printer_named');
    expect(buildPrintOptions({ printerName: null, paper: 'a4', silent: false }, []).note).toBeNull();
  });

  it('build printToPDF options in inches for the receipt and A4, honouring the CSS page size', () => {
    expect(buildPdfOptions('receipt80', 97)).toEqual({
      pageSize: { width: 80 / 25.4, height: 97 / 25.4 },
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      printBackground: true,
      preferCSSPageSize: true,
      landscape: false,
    });
    expect(buildPdfOptions('a4')).toMatchObject({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
  });
});

describe('printing a window', () => {
  const receipt: PrinterSettings = { printerName: 'EPSON_TM_T20III', paper: 'receipt80', silent: true, escpos: null };

  it('prints silently when the printer takes the job', async () => {
    const contents = new FakeWebContents();
    contents.printers = printers;
    await expect(printContents(contents as unknown as WebContents, receipt)).resolves.toEqual({
      printed: true,
      silent: true,
      note: null,
    });
    expect(contents.printCalls).toHaveLength(1);
  });

  it('offers the dialog when the silent job fails, but not when the user cancelled', async () => {
    const contents = new FakeWebContents();
    contents.printers = printers;
    contents.printResults = [
      [false, 'Print job failed'],
      [true, ''],
    ];
    const outcome = await printContents(contents as unknown as WebContents, receipt);
    expect(outcome).toMatchObject({
      printed: true,
      silent: false,
      note: 'silent_failed',
    });
    expect(contents.printCalls[1]!.options).toMatchObject({ silent: false });
    expect(contents.printCalls[1]!.options).not.toHaveProperty('deviceName');

    const cancelled = new FakeWebContents();
    cancelled.printResults = [[false, 'Print job canceled']];
    await expect(
      printContents(cancelled as unknown as WebContents, { printerName: null, paper: 'a4', silent: false }),
    ).resolves.toEqual({
      printed: false,
      problem: 'cancelled',
      detail: 'Print job canceled',
    });
    expect(cancelled.printCalls).toHaveLength(1);
  });

  it('prints to PDF with the paper’s options', async () => {
    const contents = new FakeWebContents();
    const pdf = await printToPdf(contents as unknown as WebContents, 'a4');
    expect(pdf.toString()).toBe('%PDF-fake');
    expect(contents.printCalls[0]!.options).toEqual(buildPdfOptions('a4'));
  });
});
