// The log file of a whole backend: where it appears, what it says of a start, a sale and a window's
// crash, and that no secret of the sale's way reaches it (PIN, client secret, token, activation code).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { startTestBackend, type TestBackend } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';
import { until } from '../../../../support/until.ts';

let ts: TestSandbox;
let test: TestBackend;
const secrets = new MemorySecretStore();

const logFile = () => path.join(test.backend.dataDir, 'logs', 'counter.log');
const lines = () =>
  fs
    .readFileSync(logFile(), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  ts = await startTestSandbox();
  test = await startTestBackend(ts, { secrets, version: '9.8.7' });
});
afterAll(async () => {
  await test.backend.close();
  await ts.close();
});

describe('the log file', () => {
  it('appears in the data folder once the journal is open, with the start', () => {
    expect(fs.existsSync(logFile())).toBe(true);
    expect(lines()[0]).toMatchObject({
      level: 'info',
      msg: 'start',
      version: '9.8.7',
      environment: 'partner_sandbox',
      transport: 'browser',
    });
    expect(fs.statSync(logFile()).mode & 0o777).toBe(0o600);
  });

  it('says a sale’s outcome by its reference and status, and a window’s crash scrubbed, and no secret', async () => {
    await test.signIn('manager');
    const offer = (await test.call<Array<{ id: string }>>('catalog.packages', { country: 'IT', type: 'local' }))[0]!;
    const { id } = await test.call<{ id: string }>('sales.create', { packageId: offer.id, quantity: 1, paymentMethod: 'card' });
    let sale: { status: string; reference: string } | undefined;
    await until(async () => {
      sale = await test.call('sales.get', { id });
      return sale!.status === 'completed';
    });
    const lpa = /LPA:[^"\\]+/.exec(JSON.stringify(sale))?.[0];
    expect(lpa).toBeDefined();
    expect(
      await test.call('app.reportCrash', {
        message: `cannot read the code ${lpa}`,
        stack: 'at SaleScreen (app://counter/index.js:1:2)',
        where: 'counter',
      }),
    ).toBeNull();

    await until(() => lines().some((line) => line.msg === 'sale completed'));
    expect(lines().find((line) => line.msg === 'sale completed')).toEqual(
      expect.objectContaining({ reference: sale!.reference, status: 'completed' }),
    );
    const crash = lines().find((line) => line.msg === 'the renderer crashed (counter)')!;
    expect(crash).toMatchObject({ level: 'error', error: { message: 'cannot read the code LPA:[redacted]' } });
    expect(JSON.stringify(crash)).toContain('SaleScreen');

    const token = JSON.parse(secrets.get(`partner-token:${ts.url}:${ts.sandbox.clientId}`)!).token as string;
    const text = fs.readFileSync(logFile(), 'utf8');
    for (const secret of [ts.sandbox.clientSecret, token, lpa!]) expect(text).not.toContain(secret);
    // The manager's PIN, as a number of its own (a date or a reference may hold the digits).
    expect(text).not.toMatch(/(?<![\d])2468(?![\d])/);
    expect(text).not.toMatch(/LPA:(?!\[redacted\])/);
  });
});
