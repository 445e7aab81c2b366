import type { StateCreator } from 'zustand';
import type { SessionView, StaffTile } from '../../../shared/contract.ts';
import type { AppError } from '../../../shared/errors.ts';
import { api } from '../api.ts';
import type { StoreState } from './store.ts';

export type SessionSlice = {
  session: SessionView | null;
  staff: readonly StaffTile[] | null;
  staffError: AppError | null;
  signInError: AppError | null;
  signingIn: boolean;
  loadSession(): Promise<void>;
  loadStaff(): Promise<void>;
  signIn(staffId: string, pin: string): Promise<boolean>;
  signOut(): Promise<void>;
  lock(): Promise<void>;
  /** Tells the backend someone is at the counter, so the idle lock starts over. */
  stayActive(): Promise<void>;
  clearSignInError(): void;
};

let staffLoading: Promise<void> | null = null;

/**
 * Moves at every question about the session and at every answer to a person's own act (a sign-in,
 * a sign-out, a lock). A background read (session.current, session.touch) is taken only while it has
 * not moved since it was asked: two requests on two connections may be answered in either order, and
 * a "locked" read asked just before the clerk's unlock must not lock the counter again after it.
 */
let turn = 0;

export const createSessionSlice: StateCreator<StoreState, [], [], SessionSlice> = (set) => ({
  session: null,
  staff: null,
  staffError: null,
  signInError: null,
  signingIn: false,

  async loadSession() {
    const asked = ++turn;
    const result = await api().call('session.current', {});
    if (result.ok && asked === turn) set({ session: result.value });
  },

  loadStaff() {
    // The start asks while the sign-in screen is still being drawn, which asks too: one request serves both.
    staffLoading ??= api()
      .call('staff.list', {})
      .then((result) => {
        set(result.ok ? { staff: result.value, staffError: null } : { staffError: result.error });
      })
      .finally(() => {
        staffLoading = null;
      });
    return staffLoading;
  },

  async signIn(staffId, pin) {
    set({ signingIn: true, signInError: null });
    turn++;
    const result = await api().call('session.signIn', { staffId, pin });
    turn++;
    set(result.ok ? { session: result.value, signingIn: false } : { signInError: result.error, signingIn: false });
    return result.ok;
  },

  async signOut() {
    turn++;
    const result = await api().call('session.signOut', {});
    turn++;
    if (result.ok) set({ session: result.value });
  },

  async lock() {
    turn++;
    const result = await api().call('session.lock', {});
    turn++;
    if (result.ok) set({ session: result.value });
  },

  async stayActive() {
    const asked = ++turn;
    const result = await api().call('session.touch', {});
    if (result.ok && asked === turn) set({ session: result.value });
  },

  clearSignInError() {
    set({ signInError: null });
  },
});
