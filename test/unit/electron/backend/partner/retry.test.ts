import { describe, expect, it } from 'vitest';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { isPassing, retryRead } from '../../../../../electron/backend/partner/retry.ts';

const fast = { minTimeoutMs: 1, maxTimeoutMs: 5 };

describe('retryRead', () => {
  it('tries a passing failure again and answers what the next try read', async () => {
    let tries = 0;
    const value = await retryRead(async () => {
      tries++;
      if (tries < 3) throw new PartnerError('server', 'HTTP 503');
      return 'catalogue';
    }, fast);
    expect(value).toBe('catalogue');
    expect(tries).toBe(3);
  });

  it('gives up after its retries, with the last failure', async () => {
    let tries = 0;
    const failing = retryRead(
      async () => {
        tries++;
        throw new PartnerError('network_after_send', `try ${tries}`);
      },
      { ...fast, retries: 2 },
    );
    await expect(failing).rejects.toThrow('try 3');
    expect(tries).toBe(3);
  });

  it('never repeats a refusal, a 429 or a fault of ours', async () => {
    for (const error of [
      new PartnerError('auth', 'refused'),
      new PartnerError('validation', 'bad'),
      new PartnerError('rate_limited', 'wait'),
      new TypeError('bug'),
    ]) {
      let tries = 0;
      await expect(
        retryRead(async () => {
          tries++;
          throw error;
        }, fast),
      ).rejects.toBe(error);
      expect(tries).toBe(1);
    }
  });

  it('for a counted read, repeats only what never reached the service', () => {
    expect(isPassing(new PartnerError('network_before_send', 'x'), true)).toBe(true);
    expect(isPassing(new PartnerError('network_after_send', 'x'), true)).toBe(false);
    expect(isPassing(new PartnerError('server', 'x'), true)).toBe(false);
    expect(isPassing(new PartnerError('server', 'x'))).toBe(true);
  });
});
