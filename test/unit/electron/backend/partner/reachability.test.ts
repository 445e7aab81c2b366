import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reachability } from '../../../../../electron/backend/partner/reachability.ts';
import type { ServiceReachability } from '../../../../../shared/sales.ts';

const T0 = Date.parse('2026-11-24T09:00:00.000Z');

function setup(answers: boolean[] = []) {
  let now = T0;
  let up = true;
  const probes: number[] = [];
  const changes: ServiceReachability[] = [];
  const reach = new Reachability({
    probe: async () => {
      probes.push(now);
      return answers.length > 0 ? answers.shift()! : up;
    },
    now: () => now,
    onChange: (state) => changes.push(state),
  });
  return {
    reach,
    probes,
    changes,
    advance: (ms: number) => (now += ms),
    setUp: (value: boolean) => (up = value),
  };
}

afterEach(() => vi.useRealTimers());

describe('Reachability', () => {
  it('tells nothing once stopped: an answer heard after the backend closed its journal reaches nobody', async () => {
    const { reach, changes } = setup([true]);
    reach.start();
    reach.stop();
    // The probe the start sent answers after the stop, as a call in flight at a close does.
    await reach.probe();
    reach.answered();
    reach.unreachable();
    expect(changes).toEqual([]);
  });

  it('is unknown until anything is heard, then follows what the requests report', () => {
    const { reach, changes, advance } = setup();
    expect(reach.state()).toEqual({ state: 'unknown', since: new Date(T0).toISOString(), lastContactAt: null });
    advance(1000);
    reach.answered();
    expect(reach.state()).toMatchObject({ state: 'reachable', lastContactAt: '2026-11-24T09:00:01.000Z' });
    advance(1000);
    reach.unreachable();
    expect(reach.state()).toEqual({
      state: 'unreachable',
      since: '2026-11-24T09:00:02.000Z',
      lastContactAt: '2026-11-24T09:00:01.000Z',
    });
    reach.unreachable();
    expect(changes.map((c) => c.state)).toEqual(['reachable', 'unreachable']);
  });

  it('asks again before a payment when the service has been quiet for a few seconds, not when it just answered', async () => {
    const { reach, probes, advance } = setup();
    reach.answered();
    advance(2000);
    await reach.fresh();
    expect(probes).toHaveLength(0);
    advance(4000);
    expect((await reach.fresh()).state).toBe('reachable');
    expect(probes).toHaveLength(1);
  });

  it('probes an unanswering service at most once per interval, and says so as soon as it answers', async () => {
    const { reach, probes, advance, setUp } = setup();
    setUp(false);
    expect((await reach.fresh()).state).toBe('unreachable');
    advance(10_000);
    expect((await reach.fresh()).state).toBe('unreachable');
    expect(probes).toHaveLength(1);
    setUp(true);
    advance(5_000);
    expect((await reach.fresh()).state).toBe('reachable');
    expect(probes).toHaveLength(2);
  });

  it('shares one probe between callers that ask at once', async () => {
    const { reach, probes } = setup();
    const states = await Promise.all([reach.fresh(), reach.fresh(), reach.probe()]);
    expect(probes).toHaveLength(1);
    expect(states[0]!.state).toBe('reachable');
  });

  it('in the background probes every interval while the service does not answer, and stops once it does', async () => {
    vi.useFakeTimers();
    const { reach, probes, changes, advance, setUp } = setup();
    setUp(false);
    reach.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toHaveLength(1);
    for (let s = 0; s < 30; s++) {
      advance(1000);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(probes.map((t) => (t - T0) / 1000)).toEqual([0, 15, 30]);
    setUp(true);
    for (let s = 0; s < 15; s++) {
      advance(1000);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(changes.at(-1)).toMatchObject({ state: 'reachable', since: '2026-11-24T09:00:45.000Z' });
    const count = probes.length;
    for (let s = 0; s < 60; s++) {
      advance(1000);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(probes).toHaveLength(count);
    reach.stop();
  });
});
