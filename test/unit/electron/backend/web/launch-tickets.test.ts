import { describe, expect, it } from 'vitest';
import { LaunchTickets, TICKET_TTL_MS } from '../../../../../electron/backend/web/host.ts';

describe('launch tickets', () => {
  it('each opens once, and none after its time', () => {
    let now = 1_000_000;
    const tickets = new LaunchTickets(() => now);
    const fresh = tickets.issue();
    const stale = tickets.issue();
    expect(tickets.spend(fresh)).toBe(true);
    expect(tickets.spend(fresh)).toBe(false);
    now += TICKET_TTL_MS;
    expect(tickets.spend(stale)).toBe(false);
    expect(tickets.spend('')).toBe(false);
  });
});
