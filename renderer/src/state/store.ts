/**
 * One zustand store, one slice per domain (the zustand slices pattern). Slices hold what screens
 * show and call the backend through api(); rules live in the backend, not here.
 */
import { create } from 'zustand';
import { createAppSlice, type AppSlice } from './app.ts';
import { createCatalogSlice, type CatalogSlice } from './catalog.ts';
import { createDisplaySlice, type DisplaySlice } from './display.ts';
import { createSaleSlice, type SaleSlice } from './sale.ts';
import { createSessionSlice, type SessionSlice } from './session.ts';
import { createTopupSlice, type TopupSlice } from './topup.ts';
import { createUsageSlice, type UsageSlice } from './usage.ts';
import { createDevicesSlice, type DevicesSlice } from './devices.ts';
import { createHistorySlice, type HistorySlice } from './history.ts';

export type StoreState = AppSlice &
  CatalogSlice &
  SessionSlice &
  SaleSlice &
  DisplaySlice &
  TopupSlice &
  UsageSlice &
  DevicesSlice &
  HistorySlice;

export const useStore = create<StoreState>()((...a) => ({
  ...createAppSlice(...a),
  ...createCatalogSlice(...a),
  ...createSessionSlice(...a),
  ...createSaleSlice(...a),
  ...createDisplaySlice(...a),
  ...createTopupSlice(...a),
  ...createUsageSlice(...a),
  ...createDevicesSlice(...a),
  ...createHistorySlice(...a),
}));
