/**
 * The PIN of the session that is locked, held in memory only, so the same clerk comes back from
 * the idle lock without a key derivation: an HMAC of the PIN under a key made for this session,
 * compared in constant time. Never written anywhere, gone with the process, forgotten when the
 * session ends (signed out, another person signed in), and bound to the PIN hash it was checked
 * against, so a PIN changed or reset meanwhile is checked against the journal again.
 *
 * It adds no way in: only the PIN that signed this session in matches, every try goes through the
 * same lockout and audit as a sign-in, and a process that could read this memory could read the
 * PIN as it is typed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

type Held = { readonly staffId: string; readonly pinHash: string; readonly key: Buffer; readonly mac: Buffer };

export class SessionPin {
  #held: Held | null = null;

  remember(staffId: string, pinHash: string, pin: string): void {
    const key = randomBytes(32);
    this.#held = { staffId, pinHash, key, mac: createHmac('sha256', key).update(pin).digest() };
  }

  /** True or false for this session's own staff member and PIN hash; null (ask the journal's hash) otherwise. */
  check(staffId: string, pinHash: string, pin: string): boolean | null {
    const held = this.#held;
    if (!held || held.staffId !== staffId || held.pinHash !== pinHash) return null;
    return timingSafeEqual(createHmac('sha256', held.key).update(pin).digest(), held.mac);
  }

  forget(): void {
    this.#held = null;
  }
}
