/**
 * `npm run headoffice` as an outside tool drives it: add-store prints the store's URL, report
 * --json prints the stores' totals, and the page opens only with its launch key.
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shipper } from '../../../../electron/backend/chain/shipper.ts';
import { NO_POSTGRES, counterJournal, journalTotals, startHeadOffice, type HeadOffice } from '../../../support/chain.ts';

const cli = path.resolve(import.meta.dirname, '../../../../electron/cli/headoffice.ts');
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 30_000 });

describe.skipIf(NO_POSTGRES !== null)(`npm run headoffice${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ''}`, () => {
  let ho: HeadOffice;
  let expected: ReturnType<typeof journalTotals>;
  beforeAll(async () => {
    ho = await startHeadOffice();
    const added = run('add-store', '--pg-url', ho.server.url, '--store', 'LHR');
    expect(added.status, added.stderr).toBe(0);
    const url = added.stdout.trim();
    expect(url).toMatch(/^postgres:\/\/esim_store_LHR:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    const j = counterJournal({ sales: 200, days: 2, end: Date.parse('2026-11-21T00:00:00Z'), seed: 21 });
    expected = journalTotals(j.db);
    const s = new Shipper({
      db: j.db,
      environment: 'production',
      target: () => ({ storeId: 'LHR', counterId: 'K1', url }),
      counter: () => ({ storeName: 'Heathrow T5', timeZone: 'UTC', currency: 'USD', appVersion: 'test' }),
    });
    while ((await s.shipOnce()) > 0);
  });
  afterAll(async () => {
    await ho?.stop();
  });

  it('prints the report per store as JSON, Production unless told otherwise', () => {
    const report = run('report', '--pg-url', ho.server.url, '--from', '2026-11-01', '--to', '2026-11-30', '--json');
    expect(report.status, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout)).toEqual({
      stores: [{ storeId: 'LHR', sales: expected.sales, esims: expected.esims, revenueMinor: expected.revenue, currency: 'USD' }],
      total: { sales: expected.sales, esims: expected.esims },
    });
    const demo = run(
      'report',
      '--pg-url',
      ho.server.url,
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-30',
      '--environment',
      'demo',
      '--json',
    );
    expect(JSON.parse(demo.stdout)).toEqual({ stores: [], total: { sales: 0, esims: 0 } });
    expect(run('report', '--pg-url', ho.server.url, '--from', '2026-11-30', '--to', '2026-11-01', '--json').status).not.toBe(0);
  });

  it('serves the reports across stores on 127.0.0.1, only to whoever holds the launch key', async () => {
    const child = spawn(process.execPath, [cli, '--pg-url', ho.server.url, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /open (http:\/\/127\.0\.0\.1:\d+\/\?key=\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const origin = new URL(address).origin;
      expect((await fetch(`${origin}/`)).status).toBe(401);
      expect((await fetch(`${origin}/?key=wrong`, { redirect: 'manual' })).status).toBe(401);
      const opened = await fetch(address, { redirect: 'manual' });
      expect(opened.status).toBe(303);
      const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
      expect(opened.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      const page = await fetch(`${origin}/?from=2026-11-01&to=2026-11-30`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const heading of [
        'Sales by store',
        'By store and day',
        'By clerk',
        'By package',
        'By destination',
        'Store against store',
        'Closes',
        'Shipping health',
      ]) {
        expect(html).toContain(heading);
      }
      expect(html).toContain('Heathrow T5');
      expect(html).toContain(`Total: ${expected.sales} sales`);
      const csv = await fetch(`${origin}/csv/summary?from=2026-11-01&to=2026-11-30&environment=production`, {
        headers: { cookie },
      });
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      // Decimals a spreadsheet reads as money, beside their currency (docs/head-office.md).
      const [header, line] = (await csv.text()).split('\n');
      expect(header).toBe('store_id,sales,esims,revenue,currency');
      expect(line).toBe(`LHR,${expected.sales},${expected.esims},${(expected.revenue / 100).toFixed(2)},USD`);
      // Another site's page, or a name that only resolves here, gets nothing.
      // (fetch will not send another Host; a plain request will, as a DNS-rebinding page's would.)
      const rebound = await new Promise<number>((resolve, reject) => {
        const u = new URL(origin);
        http
          .get({ host: u.hostname, port: u.port, path: '/', headers: { cookie, host: 'attacker.example' } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .once('error', reject);
      });
      expect(rebound).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
