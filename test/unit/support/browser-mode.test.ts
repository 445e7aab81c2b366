import { describe, expect, it } from 'vitest';
import { workerBlock } from '../../support/browser-mode.ts';

describe('the test workers’ port blocks', () => {
  it('are apart for every Playwright worker and every Vitest worker running side by side', () => {
    const playwright = Array.from({ length: 12 }, (_, i) => workerBlock({ TEST_PARALLEL_INDEX: String(i) }));
    const vitest = Array.from({ length: 10 }, (_, i) => workerBlock({ VITEST_POOL_ID: String(i + 1) }));
    expect(new Set([...playwright, ...vitest]).size).toBe(22);
    // Each block of 1,000 ends below 32,768, where Linux starts the ports it hands to sockets bound to port 0.
    expect(Math.max(...playwright, ...vitest)).toBeLessThan(22);
    expect(workerBlock({})).toBe(12);
  });
});
