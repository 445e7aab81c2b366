/** PINs at rest: scrypt with a per-user salt, the parameters stored with the hash so they can be raised. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export type ScryptParams = { N: number; r: number; p: number };

/** Below this a PIN check costs too little to count; tests may go down to it, never lower. */
export const MIN_SCRYPT_N = 2 ** 15;
/**
 * A PIN's hash in the journal (32 MiB, about a tenth of a second). A four-digit PIN has ten
 * thousand values: whoever holds the journal file finds it in an hour at OWASP's 128 MiB as at
 * this, so the cost buys nothing there; the folder's permissions and the lockout are the PIN's
 * protection (docs/speed.md, "A PIN"). What the cost still does is make a sign-in slow, dozens of times a
 * day: it is the lowest allowed.
 */
export const DEFAULT_SCRYPT: ScryptParams = { N: MIN_SCRYPT_N, r: 8, p: 1 };
/**
 * The vault's wraps of the partner secret under the managers' PINs keep OWASP's cost (128 MiB): an
 * unwrap runs behind a manager's sign-in's answer, once a start, and makes a search of a copied
 * folder four times slower.
 */
export const VAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** The Demo's accounts, whose PINs are public anyway: the cheapest allowed, for the vault's wraps too. */
export const DEMO_SCRYPT: ScryptParams = DEFAULT_SCRYPT;

const KEY_LENGTH = 32;
const HASH_PATTERN = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)$/;

function deriveKey(pin: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses when 128·N·r exceeds maxmem (32 MiB by default); leave room above that.
    const maxmem = 256 * params.N * params.r * params.p;
    scrypt(pin, salt, KEY_LENGTH, { ...params, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a PIN with a fresh 16-byte salt; the parameters are written into the hash string. */
export async function hashPin(pin: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<{ pinHash: string; pinSalt: string }> {
  if (params.N < MIN_SCRYPT_N || !Number.isInteger(Math.log2(params.N)) || params.r < 8 || params.p < 1) {
    throw new RangeError(`scrypt parameters too weak: N=${params.N}, r=${params.r}, p=${params.p}`);
  }
  const salt = randomBytes(16);
  const key = await deriveKey(pin, salt, params);
  return {
    pinHash: `scrypt$N=${params.N},r=${params.r},p=${params.p}$${key.toString('base64')}`,
    pinSalt: salt.toString('base64'),
  };
}

export function parsePinHash(pinHash: string): { params: ScryptParams; key: Buffer } | undefined {
  const m = HASH_PATTERN.exec(pinHash);
  if (!m) return undefined;
  return { params: { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }, key: Buffer.from(m[4] ?? '', 'base64') };
}

/** Constant-time comparison with the stored key, using the parameters stored with it. */
export async function pinMatches(pin: string, pinHash: string, pinSalt: string): Promise<boolean> {
  const parsed = parsePinHash(pinHash);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await deriveKey(pin, Buffer.from(pinSalt, 'base64'), parsed.params);
  return timingSafeEqual(key, parsed.key);
}
