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
