import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../../../electron/backend/app.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let backend: Backend;
let ids: Record<string, string>;
let call: TestBackend['call'];
let signIn: TestBackend['signIn'];
const today = () => new Date().toISOString().slice(0, 10); // the store runs on UTC in this test

beforeAll(async () => {
  ts = await startTestSandbox();
  const test = await startTestBackend(ts, { settleMs: 0 });
  ({ backend, ids, call, signIn } = test);
  await signIn('manager');
  await call('settings.update', { timeZone: 'UTC', storeName: 'Harbour Phones' });
  ids.ana = (await call('staff.create', { name: 'Ana Clerk', role: 'clerk', pin: '1357' })).id;
  ids.ben = (await call('staff.create', { name: 'Ben Clerk', role: 'clerk', pin: '1357' })).id;
});
afterAll(async () => {
  await backend.close();
  await ts.close();
});

describe('a day with sales by two clerks', () => {
  it('is reported by clerk, closed with a cash difference once nothing is uncertain, exported as CSV, and refused to clerks', async () => {
    await signIn('ana');
    const offers = await call<Array<{ id: string; retail: { minor: number } }>>('catalog.packages', {
      country: 'DE',
      type: 'local',
    });
    const [cheap, dear] = [offers[0]!, offers[1]!];
    await call('sales.create', { packageId: cheap.id, quantity: 1, paymentMethod: 'cash' });
    await call('sales.create', { packageId: dear.id, quantity: 2, paymentMethod: 'card' });
    await signIn('ben');
    await call('sales.create', { packageId: cheap.id, quantity: 1, paymentMethod: 'cash' });
    // The service fails while taking this one and while we look it up: its outcome stays unknown.
    await ts.control.fault({ match: { path: '^/v2/orders' }, kind: 'status', status: 503, times: 3 });
    const uncertain = await call('sales.create', { packageId: cheap.id, quantity: 1, paymentMethod: 'cash' });
    expect(uncertain.status).toBe('uncertain');

    // Clerks do not see the back office, and the attempt is recorded.
    await expect(call('reports.day', {})).rejects.toMatchObject({ error: { code: 'forbidden' } });
    await expect(call('close.commit', { date: today(), countedCash: [], basis: '0'.repeat(64) })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });

    await signIn('manager');
    const refusals = await call<Array<{ subject: string; actorName: string }>>('audit.list', { action: 'rpc.refused' });
    expect(refusals.map((r) => [r.subject, r.actorName])).toEqual(
      expect.arrayContaining([
        ['reports.day', 'Ben Clerk'],
        ['close.commit', 'Ben Clerk'],
      ]),
    );

    const report = await call('reports.day', {});
    expect(report.totals.sales).toBe(3);
    expect(report.totals.esims).toBe(4);
    expect(report.totals.revenue).toEqual([{ minor: cheap.retail.minor * 2 + dear.retail.minor * 2, currency: 'USD' }]);
    expect(report.byClerk.map((c: { name: string; count: number }) => [c.name, c.count]).sort()).toEqual([
      ['Ana Clerk', 2],
      ['Ben Clerk', 1],
    ]);
    expect(report.problems[0]).toMatchObject({ status: 'uncertain', reference: uncertain.reference });

    // While a sale is uncertain the day cannot be closed.
    const blocked = await call('close.preview', { date: today() });
    await expect(call('close.commit', { date: today(), countedCash: [], basis: blocked.open.basis })).rejects.toMatchObject({
      error: { code: 'conflict', message: expect.stringMatching(/still being checked/) },
    });
    await ts.control.clearFaults();
    await backend.sales.reconcileUncertain();
    expect((await call('sales.get', { id: uncertain.id })).status).toBe('not_found');

    // An order placed outside the counter (another till, the partner's portal) shows up in the reconciliation.
    const token = await ts.token();
    const form = new FormData();
    form.append('package_id', cheap.id);
    form.append('quantity', '1');
    form.append('description', 'sold elsewhere');
    expect(
      (await fetch(`${ts.url}/v2/orders`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })).status,
    ).toBe(200);

    const preview = await call('close.preview', { date: today() });
    expect(preview.unfinished).toBe(0);
    expect(preview.open.expectedCash).toEqual([{ minor: cheap.retail.minor * 2, currency: 'USD' }]);
    expect(preview.open.expected).toEqual(
      expect.arrayContaining([
        { method: 'cash', currency: 'USD', minor: cheap.retail.minor * 2 },
        { method: 'card', currency: 'USD', minor: dear.retail.minor * 2 },
      ]),
    );
    expect(preview.reconciliation).toMatchObject({ checked: true, matched: 3, missingThere: [] });
    expect(preview.reconciliation.missingHere.map((o: { description: string }) => o.description)).toEqual(['sold elsewhere']);

    // The drawer is 2.50 short.
    const closed = await call('close.commit', {
      date: today(),
      countedCash: [{ minor: cheap.retail.minor * 2 - 250, currency: 'USD' }],
      basis: preview.open.basis,
    });
    expect(closed.cashDifference).toEqual([{ minor: -250, currency: 'USD' }]);
    expect(closed.closedByName).toBe('Maria Manager');
    await expect(call('close.commit', { date: today(), countedCash: [], basis: preview.open.basis })).rejects.toMatchObject({
      error: { code: 'conflict' },
    });
    expect((await call('close.preview', { date: today() })).closes.map((c: { id: string }) => c.id)).toEqual([closed.id]);
    expect(await call<Array<unknown>>('audit.list', { action: 'day.closed' })).toHaveLength(1);

    const csv = await call<{ filename: string; content: string }>('close.csv', { date: today() });
    const lines = csv.content.trim().split('\n');
    expect(csv.filename).toBe(`esim-counter-${today()}.csv`);
    expect(lines[0]).toBe(
      'time_utc,kind,reference,status,clerk,package_id,package,country,quantity,unit_price,total,currency,cost,cost_currency,tax,cost_in_currency,payment,partner_order,close,counted',
    );
    // The header, the four sales, then what the close counted: the cash and the card terminal's total.
    expect(lines).toHaveLength(5 + 2);
    // kind, payment, close: the count lines have no commas of their own.
    expect(lines.slice(5).map((l) => [l.split(',')[1], l.split(',')[16], l.split(',')[18]])).toEqual([
      ['counted', 'cash', '1'],
      ['counted', 'card', '1'],
    ]);
    expect(lines.filter((l) => l.includes(',Ana Clerk,'))).toHaveLength(2);
    expect(lines.filter((l) => l.includes(',not_found,'))).toHaveLength(1);
    expect(
      lines.some((l) =>
        l.includes(`,2,${(dear.retail.minor / 100).toFixed(2)},${((dear.retail.minor * 2) / 100).toFixed(2)},USD,`),
      ),
    ).toBe(true);
  });

  it('shows a QR again only with a manager’s PIN, and records who approved it', async () => {
    await signIn('ana');
    const offer = (await call<Array<{ id: string }>>('catalog.packages', { country: 'IT', type: 'local' }))[0]!;
    const sale = await call('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' });
    await signIn('ben');
    const masked = await call('sales.get', { id: sale.id });
    expect(masked.esims[0]).toMatchObject({ qrcode: null, masked: true });
    await expect(call('display.show', { kind: 'install', saleId: sale.id })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });
    await expect(call('sales.reveal', { id: sale.id, managerStaffId: ids.manager, managerPin: '0000' })).rejects.toMatchObject({
      error: { code: 'wrong_pin' },
    });
    await expect(call('sales.reveal', { id: sale.id, managerStaffId: ids.ana, managerPin: '1357' })).rejects.toMatchObject({
      error: { code: 'forbidden' },
    });
    const revealed = await call('sales.reveal', { id: sale.id, managerStaffId: ids.manager, managerPin: '2468' });
    expect(revealed.esims[0].qrcode).toMatch(/^LPA:1\$/);
    expect((await call('display.show', { kind: 'install', saleId: sale.id })).kind).toBe('install');
    await call('display.show', { kind: 'idle' });
    await signIn('manager');
    const entries = await call<Array<{ subject: string; actorName: string }>>('audit.list', { action: 'sale.revealed' });
    expect(entries.map((e) => [e.subject, e.actorName])).toEqual([[sale.id, 'Maria Manager']]);
  });

  it('keeps staff management to managers, with its rules in words', async () => {
    await signIn('manager');
    await expect(call('staff.create', { name: 'ana clerk', role: 'clerk', pin: '5824' })).rejects.toMatchObject({
      error: { code: 'conflict' },
    });
    await expect(call('staff.deactivate', { staffId: ids.manager })).rejects.toMatchObject({ error: { code: 'conflict' } });
    const renamed = await call('staff.rename', { staffId: ids.ben, name: 'Benjamin Clerk' });
    expect(renamed).toMatchObject({ name: 'Benjamin Clerk', role: 'clerk', active: true });
    expect((await call('staff.deactivate', { staffId: ids.ben })).active).toBe(false);
    expect((await call('staff.list', {})).map((s: { name: string }) => s.name)).not.toContain('Benjamin Clerk');
    await expect(call('settings.update', { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ error: { code: 'bad_input' } });
    const printer = { printerName: 'EPSON TM-T20III', paper: 'receipt80', silent: true };
    expect((await call('settings.update', { printer })).printer).toEqual({ ...printer, escpos: null });
    await expect(call('settings.update', { printer: { ...printer, paper: 'letter' } })).rejects.toMatchObject({
      error: { code: 'bad_input' },
    });
    expect(await call('settings.get', {})).toMatchObject({ storeName: 'Harbour Phones', timeZone: 'UTC' });
  });

  it('gives the counter and the customer display the store’s time zone with app.info, as the manager sets it', async () => {
    await signIn('manager');
    const zoneFor = async (caller: 'counter' | 'display') => {
      const result = await backend.dispatch('app.info', {}, caller);
      return result.ok ? (result.value as { timeZone: string }).timeZone : result.error.code;
    };
    expect([await zoneFor('counter'), await zoneFor('display')]).toEqual(['UTC', 'UTC']);
    await call('settings.update', { timeZone: 'Asia/Kathmandu' });
    await call('session.signOut', {});
    expect([await zoneFor('counter'), await zoneFor('display')]).toEqual(['Asia/Kathmandu', 'Asia/Kathmandu']);
    await signIn('manager');
    await call('settings.update', { timeZone: 'UTC' });
  });
});
