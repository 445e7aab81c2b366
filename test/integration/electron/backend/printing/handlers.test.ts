import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { listAudit } from '../../../../../electron/backend/audit/db.ts';
import { setSetting, SETTINGS } from '../../../../../electron/backend/settings/db.ts';
import type { AppError } from '../../../../../shared/errors.ts';
import type { PrintResult, PrintSetup } from '../../../../../shared/printing.ts';
import type { EscposSettings, PrinterSettings } from '../../../../../shared/settings.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { parseEscPos, startFakePrinter, type FakePrinter } from '../../../../support/fake-printer.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
let printer: FakePrinter;
let escpos: EscposSettings;

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts);
  ({ backend, call, signIn } = test);
  await test.addStaff('chris', 'Chris Clerk', 'clerk');
  await test.signIn('manager');
  printer = await startFakePrinter();
  escpos = { connection: { kind: 'network', host: printer.host, port: printer.port }, width: 80, cashDrawer: true };
  await call('settings.update', {
    storeName: 'Harbour Phones',
    storeAddress: '1 Harbour Street\n20457 Hamburg',
    taxId: 'DE123456789',
    printer: { printerName: null, paper: 'receipt80', silent: false, escpos },
  });
  await test.signIn('chris');
});
afterAll(async () => {
  await backend.close();
  await printer.close();
  await ts.close();
});

async function sell(paymentMethod: 'cash' | 'card'): Promise<string> {
  const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'IT', type: 'local' }))[0]!;
  const sale = await call<{ id: string; status: string }>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod });
  expect(sale.status).toBe('completed');
  return sale.id;
}

async function refusal(method: string, input: unknown): Promise<AppError> {
  return call(method, input).then(
    () => {
      throw new Error(`${method} was not refused`);
    },
    (e: { error: AppError }) => e.error,
  );
}

describe('the receipt printer through the contract', () => {
  it('tells the counter the store’s header and that receipts go to an 80 mm ESC/POS printer with a drawer', async () => {
    expect(await call<PrintSetup>('print.setup')).toEqual({
      store: { name: 'Harbour Phones', address: '1 Harbour Street\n20457 Hamburg', taxId: 'DE123456789' },
      receipt: { kind: 'escpos', width: 80, dots: 576, cashDrawer: true },
    });
  });

  it('prints a receipt the counter composed, and the printer reads it back', async () => {
    const before = printer.jobs.length;
    const result = await call<PrintResult>('print.receipt', {
      job: {
        blocks: [
          { kind: 'text', text: 'Harbour Phones', align: 'center' },
          { kind: 'qr', data: 'LPA:1$x.example$ABC' },
        ],
      },
    });
    expect(result).toEqual({ handled: true, printed: true, via: 'escpos', printer: `127.0.0.1:${printer.port}` });
    const [job] = (await printer.waitForJobs(before + 1)).slice(before);
    const printed = parseEscPos(job!);
    expect(printed.lines).toContain('Harbour Phones');
    expect(printed.qrCodes).toEqual(['LPA:1$x.example$ABC']);
    expect(printed.cuts).toBe(1);
  });

  it('opens the drawer once for a cash sale, audited; never for a card sale', async () => {
    const cash = await sell('cash');
    const before = printer.jobs.length;
    expect(await call<PrintResult>('print.drawer', { kind: 'sale', id: cash })).toMatchObject({ printed: true, via: 'escpos' });
    // Shown again (a reload): the drawer stays shut.
    expect(await call<PrintResult>('print.drawer', { kind: 'sale', id: cash })).toMatchObject({ printed: true });
    const jobs = await printer.waitForJobs(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(printer.jobs).toHaveLength(before + 1);
    expect(parseEscPos(jobs[before]!).pulses).toEqual([{ pin: 0, onMs: 100, offMs: 500 }]);
    expect(listAudit(backend.db, { actionPrefix: 'drawer.opened' })).toEqual([
      expect.objectContaining({ subject: `sale:${cash}`, details: expect.objectContaining({ reference: expect.any(String) }) }),
    ]);

    const card = await sell('card');
    expect(await refusal('print.drawer', { kind: 'sale', id: card })).toMatchObject({ code: 'conflict' });
    expect(printer.jobs).toHaveLength(before + 1);
  });

  it('says in a code when the printer is off, keeps the sale, and opens the drawer once it is back', async () => {
    const cash = await sell('cash');
    const { port } = printer;
    // The manager points the counter at an address where nothing listens (port 1).
    await signIn('manager');
    await call('settings.update', {
      printer: {
        printerName: null,
        paper: 'receipt80',
        silent: false,
        escpos: { ...escpos, connection: { kind: 'network', host: '127.0.0.1', port: 1 } },
      },
    });
    const off = await call<PrintResult>('print.drawer', { kind: 'sale', id: cash });
    expect(off).toMatchObject({ handled: true, printed: false, problem: 'refused', printer: '127.0.0.1:1' });
    expect((await call<{ status: string }>('sales.get', { id: cash })).status).toBe('completed');

    await call('settings.update', { printer: { printerName: null, paper: 'receipt80', silent: false, escpos } });
    const before = printer.jobs.length;
    expect(await call<PrintResult>('print.drawer', { kind: 'sale', id: cash })).toMatchObject({
      printed: true,
      printer: `127.0.0.1:${port}`,
    });
    expect(parseEscPos((await printer.waitForJobs(before + 1))[before]!).pulses).toHaveLength(1);
  });

  it('prints the manager’s test page to the printer as the form has it, with a drawer pulse when one is set', async () => {
    const before = printer.jobs.length;
    const result = await call<PrintResult>('print.test', {
      escpos: { ...escpos, width: 58 },
      job: {
        blocks: [
          { kind: 'text', text: 'Test page' },
          { kind: 'barcode', data: '1234567890' },
        ],
      },
    });
    expect(result).toMatchObject({ printed: true });
    const printed = parseEscPos((await printer.waitForJobs(before + 1))[before]!);
    expect(printed.lines).toContain('Test page');
    expect(printed.barcodes).toEqual([{ symbology: 0x49, data: '1234567890' }]);
    expect(printed.pulses).toHaveLength(1);
  });

  it('answers handled: false when receipts go through the OS driver, so the page prints itself', async () => {
    await call('settings.update', { printer: { printerName: null, paper: 'receipt80', silent: false, escpos: null } });
    expect(await call<PrintSetup>('print.setup')).toMatchObject({ receipt: { kind: 'os' } });
    expect(await call<PrintResult>('print.receipt', { job: { blocks: [{ kind: 'text', text: 'x' }] } })).toEqual({
      handled: false,
    });
    expect(await call<PrintResult>('print.drawer', { kind: 'sale', id: await sell('cash') })).toMatchObject({
      printed: false,
      problem: 'not_configured',
    });
  });
});

describe('a printer is a printer: never a file, nor any address', () => {
  const page = { blocks: [{ kind: 'text', text: 'Test page' }] };
  const counterFile = () => path.join(backend.dataDir, 'counter.json');
  const asIs = () => {
    if (!fs.existsSync(counterFile())) fs.writeFileSync(counterFile(), '{"environment":"demo"}\n');
    return fs.readFileSync(counterFile());
  };
  const testPage = (connection: unknown) =>
    backend.dispatch('print.test', { escpos: { connection, width: 80, cashDrawer: false }, job: page });
  const tests = () => listAudit(backend.db, { actionPrefix: 'print.tested' });

  beforeAll(() => signIn('manager'));

  it('refuses a test page to the counter’s own settings file as a field problem, and the file stays as it was', async () => {
    const before = asIs();
    expect(await testPage({ kind: 'device', path: counterFile() })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', fields: { 'escpos.connection.path': 'printer_device' } },
    });
    const saved = await backend.dispatch('settings.update', {
      printer: {
        printerName: null,
        paper: 'receipt80',
        silent: false,
        escpos: { connection: { kind: 'device', path: counterFile() }, width: 80, cashDrawer: false },
      },
    });
    expect(saved).toMatchObject({ ok: false, error: { fields: { 'printer.escpos.connection.path': 'printer_device' } } });
    expect(fs.readFileSync(counterFile()).equals(before)).toBe(true);
  });

  it('a file’s path saved by an older version still reads, and a receipt is refused there in a code, nothing written', async () => {
    const before = asIs();
    setSetting(backend.db, SETTINGS.printer, {
      printerName: null,
      paper: 'receipt80',
      silent: false,
      escpos: { connection: { kind: 'device', path: counterFile() }, width: 80, cashDrawer: true },
    });
    expect((await call<{ printer: PrinterSettings }>('settings.get')).printer.escpos?.connection).toEqual({
      kind: 'device',
      path: counterFile(),
    });
    expect(await call<PrintResult>('print.receipt', { job: page })).toMatchObject({
      handled: true,
      printed: false,
      problem: 'not_a_printer',
    });
    expect(fs.readFileSync(counterFile()).equals(before)).toBe(true);
  });

  it('never sends a test page to one of the app’s own servers', async () => {
    const port = Number(new URL(ts.url).port);
    const result = await call<PrintResult>('print.test', {
      escpos: { connection: { kind: 'network', host: 'localhost', port }, width: 80, cashDrawer: false },
      job: page,
    });
    expect(result).toMatchObject({ printed: false, problem: 'not_a_printer' });
    expect(tests()[0]).toMatchObject({ subject: `localhost:${port}`, details: { printed: false, problem: 'not_a_printer' } });
  });

  it('tries an address not saved yet on a printer’s port only, and audits every test page with where it went', async () => {
    const refused = await testPage({ kind: 'network', host: '192.0.2.7', port: 22 });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'bad_input', fields: { 'escpos.connection.port': 'printer_port' } },
    });
    expect(tests()[0]).toMatchObject({
      subject: '192.0.2.7:22',
      actorStaffId: expect.any(String),
      details: { saved: false, printed: false, portRefused: true },
    });

    const before = printer.jobs.length;
    expect(await call<PrintResult>('print.test', { escpos, job: page })).toMatchObject({ printed: true });
    await printer.waitForJobs(before + 1);
    expect(tests()[0]).toMatchObject({ subject: `127.0.0.1:${printer.port}`, details: { saved: false, printed: true } });
  });

  it('a saved printer may be on any port; the change is audited with the address before and after', async () => {
    const closed = { ...escpos, connection: { kind: 'network', host: '127.0.0.1', port: 1 } } as const;
    await call('settings.update', { printer: { printerName: null, paper: 'receipt80', silent: false, escpos: closed } });
    const [change] = listAudit(backend.db, { actionPrefix: 'settings.changed' });
    expect(change!.details).toMatchObject({
      changes: {
        printer: { from: { escpos: { connection: { kind: 'device' } } }, to: { escpos: { connection: closed.connection } } },
      },
    });
    expect(await call<PrintResult>('print.test', { escpos: closed, job: page })).toMatchObject({ problem: 'refused' });
    expect(tests()[0]).toMatchObject({ subject: '127.0.0.1:1', details: { saved: true, printed: false, problem: 'refused' } });
  });
});
