/**
 * The vault's two primitives: a value sealed under the vault key (AES-256-GCM, a fresh nonce each
 * time, the value's name as associated data so a sealed value cannot be moved under another name),
 * and the vault key wrapped under a key stretched from a PIN or recovery code with scrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { z } from 'zod';
import { VAULT_SCRYPT, MIN_SCRYPT_N, type ScryptParams } from '../../staff/pin-hash.ts';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const VAULT_KEY_BYTES = 32;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** A sealed value as stored: base64 nonce, and base64 ciphertext followed by the GCM tag. */
export const Sealed = z.strictObject({ nonce: base64, data: base64 });
export type Sealed = z.infer<typeof Sealed>;

/** The vault key wrapped under a stretched PIN or code; the parameters go with it so they can be raised. */
export const Wrapped = z.strictObject({
  salt: base64,
  N: z.number().int().min(MIN_SCRYPT_N),
  r: z.number().int().min(8),
  p: z.number().int().min(1),
  nonce: base64,
  data: base64,
});
export type Wrapped = z.infer<typeof Wrapped>;

export function newVaultKey(): Buffer {
  return randomBytes(VAULT_KEY_BYTES);
}

export function seal(key: Buffer, plain: Buffer, label: string): Sealed {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { nonce: nonce.toString('base64'), data: data.toString('base64') };
}

/** The plain bytes, or null when the key is wrong or the bytes or their label were changed. */
export function open(key: Buffer, sealed: Sealed, label: string): Buffer | null {
  const data = Buffer.from(sealed.data, 'base64');
  if (data.length < TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.nonce, 'base64'));
    decipher.setAAD(Buffer.from(label, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

function stretch(secret: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * params.N * params.r * params.p;
    scrypt(secret, salt, VAULT_KEY_BYTES, { ...params, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function wrap(
  vaultKey: Buffer,
  secret: string,
  label: string,
  params: ScryptParams = VAULT_SCRYPT,
): Promise<Wrapped> {
  const salt = randomBytes(16);
  const sealed = seal(await stretch(secret, salt, params), vaultKey, label);
  return { salt: salt.toString('base64'), ...params, ...sealed };
}

/** The vault key, or null when the PIN or code is not the one it was wrapped under. */
export async function unwrap(wrapped: Wrapped, secret: string, label: string): Promise<Buffer | null> {
  const { N, r, p } = wrapped;
  const key = await stretch(secret, Buffer.from(wrapped.salt, 'base64'), { N, r, p });
  const vaultKey = open(key, wrapped, label);
  return vaultKey?.length === VAULT_KEY_BYTES ? vaultKey : null;
}
