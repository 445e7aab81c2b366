/** The reference every order carries to the partner, by which a lost answer is looked up. */
import crypto from 'node:crypto';

/**
 * <prefix>-<store>.<counter>-<date>-<8 characters> (without a tag, <prefix>-<date>-<8 characters>):
 * unique, short enough to read out, never a substring of another. The tag tells counters that share
 * one partner account which orders are whose (electron/backend/chain/identity.ts).
 */
export function newReference(nowMs: number, prefix: 'EC' | 'TU', tag: string | null = null): string {
  const date = new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '');
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const random = [...crypto.randomBytes(8)].map((b) => alphabet[b % 32]).join('');
  return tag ? `${prefix}-${tag}-${date}-${random}` : `${prefix}-${date}-${random}`;
}
