/**
 * One zustand store, one slice per domain (the zustand slices pattern). Slices hold what screens
 * show and call the backend through api(); rules live in the backend, not here.
 */
import { create } from 'zustand';
import { createAppSlice, type AppSlice } from './app.ts';
import { createCatalogSlice, type CatalogSlice } from './catalog.ts';
import { createCheckoutSlice, type CheckoutSlice } from './checkout.ts';
import { createDisplaySlice, type DisplaySlice } from './display.ts';
import { createSaleSlice, type SaleSlice } from './sale.ts';
import { createSessionSlice, type SessionSlice } from './session.ts';
import { createTopupSlice, type TopupSlice } from './topup.ts';
import { createUsageSlice, type UsageSlice } from './usage.ts';
import { createDevicesSlice, type DevicesSlice } from './devices.ts';
import { createHistorySlice, type HistorySlice } from './history.ts';
import { createLanguageSlice, type LanguageSlice } from './language.ts';
import { createOrdersSlice, type OrdersSlice } from './orders.ts';
import { createTillSlice, type TillSlice } from './till.ts';
import type { SessionView } from '../../../shared/contract.ts';
import type { Loadable } from './catalog.ts';

export type StoreState = AppSlice &
  CatalogSlice &
  SessionSlice &
  SaleSlice &
  CheckoutSlice &
  DisplaySlice &
  TopupSlice &
  UsageSlice &
  DevicesSlice &
  HistorySlice &
  LanguageSlice &
  OrdersSlice &
  TillSlice;

export const useStore = create<StoreState>()((...a) => ({
  ...createAppSlice(...a),
  ...createCatalogSlice(...a),
  ...createSessionSlice(...a),
  ...createSaleSlice(...a),
  ...createCheckoutSlice(...a),
  ...createDisplaySlice(...a),
  ...createTopupSlice(...a),
  ...createUsageSlice(...a),
  ...createDevicesSlice(...a),
  ...createHistorySlice(...a),
  ...createLanguageSlice(...a),
  ...createOrdersSlice(...a),
  ...createTillSlice(...a),
}));

/** Whose counter this is: a locked session still belongs to the one who locked it. */
const holder = (session: SessionView | null) => (session && session.status !== 'signed_out' ? session.staffId : null);

// What one clerk had on screen (a sale's QR, the sale they were preparing, an opened history entry)
// is not the next person's to see: the backend masks it for them, so the copies kept here go when
// the person changes. The same person unlocking finds their work where they left it.
useStore.subscribe((state, previous) => {
  const before = holder(previous.session);
  if (before === null || holder(state.session) === before) return;
  state.forgetSales();
  state.forgetOrders();
  state.resetCheckout();
  state.clearCountry();
  state.openHistorySale(null);
  useStore.setState({ history: { status: 'idle' }, historyQuery: '', historyAnswered: null });
});

/** Refused because nobody held the counter when it arrived: the counter locked while it was on its way. */
const refusedForLock = (read: Loadable<unknown>) =>
  read.status === 'failed' && (read.error.code === 'signed_out' || read.error.code === 'locked');

// A read sent just before the counter locked (Lock pressed while the countries were on their way) comes
// back refused; whoever opens the counter next finds it asked again, not "Sign in with your PIN".
useStore.subscribe((state, previous) => {
  if (state.session?.status !== 'active' || previous.session?.status === 'active') return;
  const now = useStore.getState();
  if (refusedForLock(now.countries)) void now.loadCountries();
  if (refusedForLock(now.packages) && now.selectedCountry) void now.selectCountry(now.selectedCountry);
  if (refusedForLock(now.devices)) void now.searchDevices(now.deviceQuery);
  if (refusedForLock(now.topupOptions) && now.topupIccid) void now.lookUpTopups(now.topupIccid);
  if (refusedForLock(now.usage) && now.usageIccid) void now.readUsage(now.usageIccid);
});
