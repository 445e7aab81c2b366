import { describe, expect, it } from 'vitest';
import { until } from '../../../../support/until.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { Refresher } from '../../../../../electron/backend/catalogue/refresher.ts';

function setup(ageMs: number) {
  let up = false;
  let fetched = 0;
  let age = ageMs;
  const logged: string[] = [];
  const refresher = new Refresher({
    name: 'device list',
    refresh: async () => {
      if (!up) throw new PartnerError('network_before_send', 'refused');
      fetched++;
      age = 0;
    },
    age: () => age,
    intervalMs: 24 * 60 * 60_000,
    log: (message) => logged.push(message),
    retry: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 2 },
  });
  return { refresher, logged, fetched: () => fetched, setUp: () => (up = true) };
}

describe('Refresher', () => {
  it('started offline: logs the failure, and fetches as soon as the service answers, not a day later', async () => {
    const { refresher, logged, fetched, setUp } = setup(Infinity);
    refresher.start();
    // The start's run, joined: one run, one line in the log.
    await refresher.run();
    refresher.stop();
    expect(fetched()).toBe(0);
    expect(logged).toEqual(['device list refresh failed; the stored copy stays in use']);
    setUp();
    await refresher.serviceBack();
    expect(fetched()).toBe(1);
    // Up to date now: the service answering again is no reason to fetch again.
    await refresher.serviceBack();
    expect(fetched()).toBe(1);
  });

  it('does not fetch at start when the stored copy is recent', async () => {
    const { refresher, fetched, setUp } = setup(60_000);
    setUp();
    refresher.start();
    refresher.stop();
    await refresher.serviceBack();
    expect(fetched()).toBe(0);
  });

  it('stopped while a run waits to try again: tries no more and logs nothing (a closed backend)', async () => {
    let tries = 0;
    const logged: string[] = [];
    const refresher = new Refresher({
      name: 'catalogue',
      refresh: async () => {
        tries++;
        throw new PartnerError('network_before_send', 'refused');
      },
      age: () => Infinity,
      intervalMs: 60_000,
      log: (message) => logged.push(message),
      retry: { retries: 4, minTimeoutMs: 60_000, maxTimeoutMs: 60_000 },
    });
    const run = refresher.run();
    await until(() => tries === 1);
    refresher.stop();
    await run;
    expect(tries).toBe(1);
    expect(logged).toEqual([]);
  });
});
