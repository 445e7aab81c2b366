import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../../../support/sandbox.ts';
import { order, packagesOf, startApi } from './helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('state', () => {
  it('keeps orders, eSIMs, tokens, balance and the clock in the --state SQLite file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
    dirs.push(dir);
    const statePath = join(dir, 'demo.sqlite');
    const first = await startApi({ statePath });
    const { sims } = await packagesOf(first, 'DE');
    const o = await order(first, sims[0].id, 2);
    await first.control.useData(o.sims[0]!.iccid, 10);
    await first.control.advanceClock(60_000);
    const balance = (await first.json('GET', '/v2/balance')).body.data.balances.availableBalance.amount;
    const offset = (await first.control.clock()).offset_ms;
    await first.close();

    const second = await startTestSandbox({ statePath, seed: 999 });
    try {
      const res = await fetch(`${second.url}/v2/sims/${o.sims[0]!.iccid}/usage`, {
        headers: { authorization: `Bearer ${first.bearer}` },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ status: 'ACTIVE', remaining: sims[0].amount - 10 });
      expect(await second.control.orders()).toHaveLength(1);
      expect((await second.control.clock()).offset_ms).toBe(offset);
      const b = await fetch(`${second.url}/v2/balance`, { headers: { authorization: `Bearer ${first.bearer}` } }).then((r) =>
        r.json(),
      );
      expect(b.data.balances.availableBalance.amount).toBe(balance);
      // The catalogue follows the state's seed, so the package still exists.
      const again = await fetch(`${second.url}/v2/packages?filter[country]=DE`, {
        headers: { authorization: `Bearer ${first.bearer}` },
      }).then((r) => r.json());
      expect(JSON.stringify(again)).toContain(sims[0].id);
    } finally {
      await second.close();
    }
  });

  it('keeps state in memory without --state, and reset forgets it', async () => {
    const api = await startApi();
    try {
      const { sims } = await packagesOf(api, 'FR');
      await order(api, sims[0].id);
      await api.control.advanceClock(1000);
      await api.control.reset();
      expect(await api.control.orders()).toHaveLength(0);
      expect((await api.control.clock()).offset_ms).toBe(0);
      // The session survives a reset.
      expect((await api.req('GET', '/v2/balance')).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('gives the same ICCIDs for the same seed', async () => {
    const a = await startApi({ seed: 5 });
    const b = await startApi({ seed: 5 });
    try {
      const pa = await packagesOf(a, 'DE');
      const pb = await packagesOf(b, 'DE');
      expect(pa.sims[0].id).toBe(pb.sims[0].id);
      expect((await order(a, pa.sims[0].id)).sims[0]!.iccid).toBe((await order(b, pb.sims[0].id)).sims[0]!.iccid);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
