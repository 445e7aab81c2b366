import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT,
  VAULT_SCRYPT,
  hashPin,
  MIN_SCRYPT_N,
  parsePinHash,
  pinMatches,
} from '../../../../../electron/backend/staff/pin-hash.ts';

// The lowest parameters the service accepts, to keep the suite fast; production uses DEFAULT_SCRYPT.
const FAST = { N: MIN_SCRYPT_N, r: 8, p: 1 };

describe('PIN hashing', () => {
  it('uses scrypt with a per-user 16-byte salt and stores its parameters', async () => {
    const a = await hashPin('2468', FAST);
    const b = await hashPin('2468', FAST);
    expect(a.pinSalt).not.toBe(b.pinSalt);
    expect(a.pinHash).not.toBe(b.pinHash);
    expect(Buffer.from(a.pinSalt, 'base64')).toHaveLength(16);
    expect(parsePinHash(a.pinHash)?.params).toEqual(FAST);
    expect(await pinMatches('2468', a.pinHash, a.pinSalt)).toBe(true);
    expect(await pinMatches('2469', a.pinHash, a.pinSalt)).toBe(false);
    expect(await pinMatches('2468', a.pinHash, b.pinSalt)).toBe(false);
    expect(await pinMatches('2468', 'garbage', a.pinSalt)).toBe(false);
  });

  it('hashes PINs at N=2^15, r=8, p=1, wraps the vault at OWASP’s N=2^17, and refuses weaker parameters', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(VAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    await expect(hashPin('2468', { N: 2 ** 14, r: 8, p: 1 })).rejects.toThrow(/too weak/);
  });
});
