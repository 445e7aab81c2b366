import { describe, expect, it } from 'vitest';
import type { DisplayState } from '../../../../../../shared/display.ts';
import { countdownSaid } from '../../../../../../renderer/src/counter/display/CustomerDisplay.tsx';

const clearsAt = '2026-11-25T10:45:00.000Z';
const at = (secondsLeft: number) => Date.parse(clearsAt) - secondsLeft * 1000;
const install = { kind: 'install', clearsAt } as DisplayState;

describe('what the customer display says about the QR’s time', () => {
  it('says when the code goes while there is time, then 30 and 10 seconds before, and nothing in between', () => {
    const said = [300, 120, 31, 30, 29, 15, 11, 10, 9, 1].map((left) => countdownSaid(install, at(left)));
    expect(said).toEqual([
      { clearsAt },
      { clearsAt },
      { clearsAt },
      { clearsIn: 30 },
      { clearsIn: 30 },
      { clearsIn: 30 },
      { clearsIn: 30 },
      { clearsIn: 10 },
      { clearsIn: 10 },
      { clearsIn: 10 },
    ]);
    // Distinct words: a polite live region reads each once.
    expect(new Set(said.map((s) => JSON.stringify(s))).size).toBe(3);
  });

  it('says nothing once the code has gone, or when no code is shown', () => {
    expect(countdownSaid(install, at(0))).toBeNull();
    expect(countdownSaid(install, at(-5))).toBeNull();
    expect(countdownSaid({ kind: 'thanks' } as DisplayState, at(60))).toBeNull();
    expect(countdownSaid(null, at(60))).toBeNull();
  });
});
