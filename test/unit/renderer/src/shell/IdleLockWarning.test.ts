import { describe, expect, it } from 'vitest';
import { idleWarningMs } from '../../../../../renderer/src/shell/IdleLockWarning.tsx';

describe('the idle-lock warning', () => {
  it('comes 15 s before the lock, or a fifth of a shorter period', () => {
    expect(idleWarningMs(60_000)).toBe(12_000);
    expect(idleWarningMs(75_000)).toBe(15_000);
    expect(idleWarningMs(5 * 60_000)).toBe(15_000);
    expect(idleWarningMs(10_000)).toBe(2000);
  });
});
