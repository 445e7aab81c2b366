/**
 * The vault follows the staff list: the moments a PIN is in memory (a sign-in, the owner's setup,
 * a manager setting someone's PIN) are the only moments a wrap can be made or the vault opened,
 * and someone who stops being an active manager loses their wrap. A vault that fails here never
 * stops the staff change itself: the log says it, and the counter says a manager must sign in.
 */
import type { SecretStore } from '../secrets.ts';
import type { VaultSecretStore } from './store.ts';

type Member = { readonly id: string; readonly role: 'clerk' | 'manager'; readonly active?: boolean };

export type VaultKeeper = ReturnType<typeof createVaultKeeper>;

export function createVaultKeeper(store: SecretStore, log: (message: string, error?: unknown) => void) {
  const vault = store.vault;
  const quietly = async (what: string, run: (vault: VaultSecretStore) => Promise<void> | void): Promise<void> => {
    if (!vault) return;
    try {
      await run(vault);
    } catch (error) {
      log(`secret store: ${what} failed`, error);
    }
  };
  return {
    /**
     * Waited for only when it opens a locked vault, which the next sale needs; making or re-wrapping
     * one (a scrypt each) goes on behind the answer, in the vault's own order.
     */
    signedIn: async (member: Member, pin: string) => {
      if (member.role !== 'manager' || !vault) return;
      let locked: boolean;
      try {
        locked = vault.state() === 'locked';
      } catch (error) {
        log('secret store: opening the vault at a sign-in failed', error);
        return;
      }
      const admitted = quietly('opening the vault at a sign-in', (v) => v.admitManager(member.id, pin));
      if (locked) await admitted;
    },
    /** Behind the answer too: the owner reads the recovery code meanwhile, and a sign-in waits its turn. */
    ownerCreated: (ownerId: string, pin: string, recoveryCode: string) =>
      void quietly('sealing the vault under the owner’s PIN and recovery code', (v) =>
        v.ownerCreated(ownerId, pin, recoveryCode),
      ),
    /** A PIN set by a manager (a new member, or a reset): a manager's wraps the vault anew. */
    pinSet: (member: Member, pin: string) =>
      quietly('wrapping the vault under a new PIN', (v) => (isManager(member) ? v.wrapPin(member.id, pin) : v.forget(member.id))),
    /** After a role change or a switch-off: only active managers keep a wrap. */
    changed: (member: Member) => quietly('dropping a wrap', (v) => (isManager(member) ? undefined : v.forget(member.id))),
  };
}

const isManager = (member: Member) => member.role === 'manager' && member.active !== false;
