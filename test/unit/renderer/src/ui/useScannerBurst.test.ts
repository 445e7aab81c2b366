import { describe, expect, it } from 'vitest';
import { BurstDetector } from '../../../../../renderer/src/ui/useScannerBurst.ts';

/** Feeds `text` then Enter, one key every `gaps[i]` ms (or `gap` for all), from `start`. */
function type(detector: BurstDetector, text: string, gap: number | ((i: number) => number), start = 1000) {
  let at = start;
  const answers: (string | null)[] = [];
  [...text, 'Enter'].forEach((key, i) => {
    at += typeof gap === 'number' ? gap : gap(i);
    answers.push(detector.feed(key, at));
  });
  return { last: answers.at(-1) ?? null, before: answers.slice(0, -1), endedAt: at };
}

const ICCID = '8944465400000012345';

describe('BurstDetector', () => {
  it('answers a scanner burst of an ICCID (under 30 ms a key) at its Enter, and nothing before', () => {
    const { last, before } = type(new BurstDetector(), ICCID, 8);
    expect(last).toBe(ICCID);
    expect(before.every((a) => a === null)).toBe(true);
  });

  it('takes 18 to 22 digits, with a trailing F (either case)', () => {
    expect(type(new BurstDetector(), '894446540000001234', 5).last).toBe('894446540000001234');
    expect(type(new BurstDetector(), '8944465400000012345678', 5).last).toBe('8944465400000012345678');
    expect(type(new BurstDetector(), `${ICCID}F`, 5).last).toBe(`${ICCID}F`);
    expect(type(new BurstDetector(), `${ICCID}f`, 5).last).toBe(`${ICCID}f`);
    expect(type(new BurstDetector(), '89444654000000123', 5).last).toBeNull(); // 17
    expect(type(new BurstDetector(), '89444654000000123456789', 5).last).toBeNull(); // 23
    expect(type(new BurstDetector(), '8944465400F000012345', 5).last).toBeNull(); // F inside
  });

  it('does not take a person typing the same digits at a normal pace', () => {
    expect(type(new BurstDetector(), ICCID, 120).last).toBeNull();
    // A very fast typist with key rollover: some gaps are short, the average is not.
    expect(type(new BurstDetector(), ICCID, (i) => (i % 2 ? 15 : 90)).last).toBeNull();
  });

  it('tolerates one slow key inside a burst (a busy machine) but not a pause', () => {
    expect(type(new BurstDetector(), ICCID, (i) => (i === 10 ? 60 : 5)).last).toBe(ICCID);
    expect(type(new BurstDetector(), ICCID, (i) => (i === 10 ? 400 : 5)).last).toBeNull();
  });

  it('starts over after a pause, so digits typed earlier do not spoil the next scan', () => {
    const detector = new BurstDetector();
    detector.feed('1', 0);
    detector.feed('2', 100);
    const { last } = type(detector, ICCID, 6, 5000);
    expect(last).toBe(ICCID);
  });

  it('a letter or other printable key breaks the burst; Shift (for an upper-case F) does not', () => {
    const detector = new BurstDetector();
    let at = 0;
    for (const key of '894446540') detector.feed(key, (at += 5));
    detector.feed('x', (at += 5));
    for (const key of '0000012345') detector.feed(key, (at += 5));
    expect(detector.feed('Enter', at + 5)).toBeNull();

    const second = new BurstDetector();
    at = 0;
    for (const key of ICCID) second.feed(key, (at += 5));
    second.feed('Shift', (at += 2));
    second.feed('F', (at += 3));
    expect(second.feed('Enter', at + 5)).toBe(`${ICCID}F`);
  });

  it('an Enter long after the digits is the clerk pressing Enter, not the scanner', () => {
    const detector = new BurstDetector();
    let at = 0;
    for (const key of ICCID) detector.feed(key, (at += 5));
    expect(detector.feed('Enter', at + 800)).toBeNull();
  });

  it('forgets the burst after answering it', () => {
    const detector = new BurstDetector();
    const { endedAt } = type(detector, ICCID, 5);
    expect(detector.feed('Enter', endedAt + 5)).toBeNull();
    expect(detector.length).toBe(0);
  });
});
