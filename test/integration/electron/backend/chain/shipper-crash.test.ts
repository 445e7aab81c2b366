/**
 * A counter killed with SIGKILL in the middle of shipping, at the two worst moments (inside a
 * batch's PostgreSQL transaction, and after its commit before the outbox heard of it) and at a
 * random one, then started again: no row lost, none counted twice.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { waitingCount } from '../../../../../electron/backend/chain/db-outbox.ts';
import {
  NO_POSTGRES,
  counterJournal,
  headOfficeTotals,
  journalTotals,
  rollupsAgree,
  startHeadOffice,
  type HeadOffice,
} from '../../../../support/chain.ts';

const worker = path.resolve(import.meta.dirname, '../../../../support/ship-worker.ts');

type Run = { code: number | null; signal: NodeJS.Signals | null; out: string };

/**
 * Runs the shipper in its own process; with `kill`, SIGKILL lands `afterMs` after its `batches`-th
 * batch, so it falls inside the shipping however fast the machine is.
 */
function ship(env: Record<string, string>, kill?: { batches: number; afterMs: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let armed = kill !== undefined;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (armed && kill && (out.match(/^batch$/gm)?.length ?? 0) >= kill.batches) {
        armed = false;
        setTimeout(() => child.kill('SIGKILL'), kill.afterMs);
      }
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

describe.skipIf(NO_POSTGRES !== null)(`a counter killed while shipping${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ''}`, () => {
  let ho: HeadOffice;
  beforeAll(async () => {
    ho = await startHeadOffice();
  });
  afterAll(async () => {
    await ho?.stop();
  });

  for (const point of ['ship_mid_batch', 'ship_after_commit'] as const) {
    it(`loses and doubles nothing when killed at ${point}`, async () => {
      const storeId = point === 'ship_mid_batch' ? 'MID' : 'AFT';
      const url = await ho.storeUrl(storeId);
      const { db, file } = counterJournal({ sales: 400, seed: 11 });
      const expected = journalTotals(db);
      const queued = waitingCount(db);
      const firstBatchOrders = (
        db
          .prepare(`SELECT count(*) AS n FROM (SELECT kind FROM chain_outbox ORDER BY seq LIMIT 50) WHERE kind = 'sale'`)
          .get() as {
          n: number;
        }
      ).n;
      db.close();
      const env = { JOURNAL: file, URL: url, STORE: storeId, COUNTER: 'K1' };

      const killed = await ship({ ...env, ESIM_COUNTER_CRASH_AT: point });
      expect(killed.signal).toBe('SIGKILL');
      const after = new Database(file, { readonly: true });
      const left = waitingCount(after);
      after.close();
      // Killed on its first batch: at the commit, PostgreSQL has it and the outbox still does too.
      expect(left).toBe(queued);
      const arrived = Number(
        (await ho.admin.query('SELECT count(*) FROM chain.orders WHERE store_id = $1', [storeId])).rows[0].count,
      );
      // Inside the transaction, nothing is committed; after the commit, the first batch is there.
      expect(arrived).toBe(point === 'ship_mid_batch' ? 0 : firstBatchOrders);
      expect(firstBatchOrders).toBeGreaterThan(0);

      const again = await ship(env);
      expect(again.out).toContain('done');
      const reopened = new Database(file, { readonly: true });
      expect(waitingCount(reopened)).toBe(0);
      reopened.close();
      expect(await headOfficeTotals(ho.admin, storeId)).toEqual(expected);
      const orders = await ho.admin.query(
        'SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM chain.orders WHERE store_id = $1',
        [storeId],
      );
      expect(orders.rows[0]).toEqual({ n: 400, d: 400 });
    });
  }

  it('loses and doubles nothing when killed at any moment, again and again', async () => {
    const url = await ho.storeUrl('RND');
    const { db, file } = counterJournal({ sales: 3000, seed: 12 });
    const expected = journalTotals(db);
    db.close();
    const env = { JOURNAL: file, URL: url, STORE: 'RND', COUNTER: 'K1', BATCH: '40' };
    let kills = 0;
    for (const kill of [
      { batches: 3, afterMs: 0 },
      { batches: 10, afterMs: 7 },
      { batches: 20, afterMs: 3 },
    ]) {
      const run = await ship(env, kill);
      if (run.signal === 'SIGKILL') kills++;
    }
    expect(kills).toBe(3);
    const done = await ship(env);
    expect(done.out).toContain('done');
    expect(await headOfficeTotals(ho.admin, 'RND')).toEqual(expected);
    const { kept, rebuilt } = await rollupsAgree(ho.admin);
    expect(kept).toEqual(rebuilt);
  });
});
