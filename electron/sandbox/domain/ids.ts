// Identifiers in the service's formats.
import { randomBytes } from 'node:crypto';

const NANOID = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A 25-character nanoid ([A-Za-z0-9_-]), the form of async and future order request ids. */
export function requestId(): string {
  const bytes = randomBytes(25);
  let out = '';
  for (const b of bytes) out += NANOID[b & 63];
  return out;
}

const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An 8-character upper-case voucher code. */
export function voucherCode(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += CODE[b % CODE.length];
  return out;
}
