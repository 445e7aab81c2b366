import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../../../shared/baskets.ts';
import type { Result } from '../../../../../shared/errors.ts';
import { crashSandbox, runSaleWorker } from '../../../../support/sale-worker-run.ts';
import type { TestSandbox } from '../../../../support/sandbox.ts';

let ts: TestSandbox;
let packageId: string;

beforeAll(async () => {
  ({ ts, packageId } = await crashSandbox('FR'));
});
afterAll(() => ts.close());

/** A backend in its own process taking a basket of three sales. */
const basket = (dataDir: string, id: string, crashAt = '') =>
  runSaleWorker(ts, { MODE: 'basket', DATA_DIR: dataDir, SALE_ID: id, PACKAGE_ID: packageId }, crashAt);

describe('a backend killed with SIGKILL in the middle of a basket', () => {
  for (const crashAt of ['after_submitting', 'after_response', 'basket_between_lines']) {
    it(`${crashAt}: asked again after a restart, every line is an order once, none twice`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-basket-crash-'));
      const id = crypto.randomUUID();
      const killed = await basket(dataDir, id, crashAt);
      expect(killed.signal, killed.stderr).toBe('SIGKILL');

      const resumed = await basket(dataDir, id);
      expect(resumed.signal, resumed.stderr).toBeNull();
      const { result } = JSON.parse(resumed.out) as { result: Result<BasketView> };
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      const orders = await ts.control.orders();
      for (const line of result.value.lines) {
        // The first line died after its request was sent: it may have reached the service or not,
        // and is looked up, never sent again; whichever it was, it is one order or none.
        const atService = orders.filter((o) => o.description === line.reference).length;
        if (line.status === 'issued') expect(atService, `line ${line.index}`).toBe(1);
        else expect(atService, `line ${line.index} ${line.status}`).toBe(0);
      }
      // Lines the crash did not touch are sent on the second call.
      expect(result.value.lines.slice(1).map((l) => l.status)).toEqual(['issued', 'issued']);
      expect(result.value.lines[0]!.status).not.toBe('waiting');
    });
  }
});
