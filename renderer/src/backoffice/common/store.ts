/**
 * The back office's own zustand store, loaded with the manager screens (lazily), so the clerk's
 * window never carries it. It holds what the screens show and calls the backend through api();
 * every rule (roles, the close refused while a sale is uncertain…) is the backend's.
 */
import { create } from 'zustand';
import type { InputOf } from '../../../../shared/contract.ts';
import type { AppError } from '../../../../shared/errors.ts';
import type { StoreSettings } from '../../../../shared/manager.ts';
import type { Money } from '../../../../shared/money.ts';
import type { ClosePreview, DayClose } from '../../../../shared/reports.ts';
import { api } from '../../api.ts';
import { useStore } from '../../state/store.ts';
import { describeError } from '../../errors.ts';
import { today as todayIn } from '../../../../shared/clock.ts';
import { downloadText } from './format.ts';
import { useUnclosed } from '../close/unclosed-store.ts';

type ManagerState = {
  settings: StoreSettings | null;
  settingsError: AppError | null;
  /** Today in the store's time zone, once the settings are known. */
  today: string | null;

  /** The range Reports shows, kept while the back office stays open. */
  range: { from: string; to: string } | null;
  closeDate: string | null;
  preview: ClosePreview | null;
  closeError: AppError | null;
  closeLoading: boolean;
  commitError: string | null;
  committing: boolean;

  /**
   * The low-data e-mail address as last answered in this session: the backend does not read it
   * back, so after a restart it is unknown (null) until the manager sets it again.
   */
  lowDataEmail: string | null;

  loadSettings(): Promise<StoreSettings | null>;
  saveSettings(patch: InputOf<'settings.update'>): Promise<string | null>;
  loadClose(date?: string): Promise<void>;
  /** Closes what the loaded preview shows open, counted against it; refused when that changed meanwhile. */
  commitClose(
    countedCash: readonly Money[],
    note: string,
    countedTenders?: InputOf<'close.commit'>['countedTenders'],
    /** The cash counted by notes and coins, for the currencies so counted. */
    cashCounts?: InputOf<'close.commit'>['cashCounts'],
  ): Promise<DayClose | null>;
  downloadCsv(date: string): Promise<string | null>;
  /** Subscribes the address to low-data e-mails, or with null unsubscribes. */
  setLowDataEmail(email: string | null): Promise<string | null>;
};

export const useManager = create<ManagerState>()((set, get) => ({
  settings: null,
  settingsError: null,
  today: null,
  range: null,
  closeDate: null,
  preview: null,
  closeError: null,
  closeLoading: false,
  commitError: null,
  committing: false,
  lowDataEmail: null,

  async loadSettings() {
    const result = await api().call('settings.get', {});
    if (!result.ok) {
      set({ settingsError: result.error });
      return null;
    }
    set({
      settings: result.value,
      settingsError: null,
      today: todayIn(result.value.timeZone),
      lowDataEmail: result.value.lowDataEmail,
    });
    return result.value;
  },

  async saveSettings(patch) {
    const result = await api().call('settings.update', patch);
    if (!result.ok) return describeError(result.error);
    set({ settings: result.value, today: todayIn(result.value.timeZone) });
    // app.info carries the store's zone to every counter screen: a changed zone shows at once.
    void useStore.getState().loadInfo();
    return null;
  },

  async loadClose(date) {
    let day = date ?? get().closeDate ?? get().today;
    if (!day) day = (await get().loadSettings()) ? get().today : null;
    if (!day) {
      set({ closeError: get().settingsError });
      return;
    }
    set({ closeDate: day, closeLoading: true, commitError: null });
    const result = await api().call('close.preview', { date: day });
    if (get().closeDate !== day) return;
    set({
      closeLoading: false,
      preview: result.ok ? result.value : null,
      closeError: result.ok ? null : result.error,
    });
  },

  async commitClose(countedCash, note, countedTenders, cashCounts) {
    const date = get().closeDate;
    const basis = get().preview?.open.basis;
    if (!date || !basis || get().committing) return null;
    set({ committing: true, commitError: null });
    const result = await api().call('close.commit', {
      date,
      countedCash: countedCash.map((m) => ({ minor: m.minor, currency: m.currency })),
      basis,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(countedTenders && countedTenders.length > 0 ? { countedTenders } : {}),
      ...(cashCounts && cashCounts.length > 0 ? { cashCounts } : {}),
    });
    // Reloaded either way: after a refusal (a sale came in meanwhile) the manager sees the new figures.
    await get().loadClose(date);
    set({ committing: false, commitError: result.ok ? null : describeError(result.error) });
    if (result.ok) void useUnclosed.getState().refresh(true);
    return result.ok ? result.value : null;
  },

  async downloadCsv(date) {
    const result = await api().call('close.csv', { date });
    if (!result.ok) return describeError(result.error);
    downloadText(result.value.filename, result.value.content);
    return null;
  },

  async setLowDataEmail(email) {
    const result = await api().call('notifications.lowData', { email });
    if (!result.ok) return describeError(result.error);
    set({ lowDataEmail: result.value.email });
    return null;
  },
}));
