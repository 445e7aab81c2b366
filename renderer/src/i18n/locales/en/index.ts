/**
 * English, the source language: every key exists here first, and every other language has the same
 * keys (test/unit/renderer/src/i18n/catalogs.test.ts). What the counter's screens, the display and
 * the papers say is bundled with the app, so it is also what any gap falls back to; the words only
 * the back office says come with the back office's code (LAZY_ENGLISH), keeping the first paint small.
 */
import type audit from './audit.json';
import type backups from './backups.json';
import type chain from './chain.json';
import camera from './camera.json';
import close from './close.json';
import common from './common.json';
import devices from './devices.json';
import display from './display.json';
import errors from './errors.json';
import esims from './esims.json';
import history from './history.json';
import install from './install.json';
import manager from './manager.json';
import orders from './orders.json';
import type prices from './prices.json';
import print from './print.json';
import refunds from './refunds.json';
import type reports from './reports.json';
import sell from './sell.json';
import settings from './settings.json';
import setup from './setup.json';
import signin from './signin.json';
import type staff from './staff.json';
import topup from './topup.json';
import usage from './usage.json';
import voucher from './voucher.json';
import vouchers from './vouchers.json';
import delivery from './delivery.json';
import giftcard from './giftcard.json';
import places from './places.json';

export const en = {
  common,
  signin,
  setup,
  errors,
  sell,
  orders,
  topup,
  usage,
  camera,
  devices,
  history,
  esims,
  install,
  manager,
  close,
  settings,
  print,
  refunds,
  display,
  voucher,
  vouchers,
  delivery,
  giftcard,
  places,
} as const;

/** The back office's own words in English, fetched when it first opens (i18n.ts loads them). */
export const LAZY_ENGLISH = {
  audit: () => import('./audit.json'),
  backups: () => import('./backups.json'),
  chain: () => import('./chain.json'),
  prices: () => import('./prices.json'),
  reports: () => import('./reports.json'),
  staff: () => import('./staff.json'),
} as const;

/** Every English catalogue, bundled or not: what keys are checked against. */
export type EnglishCatalogs = typeof en & {
  readonly audit: typeof audit;
  readonly backups: typeof backups;
  readonly chain: typeof chain;
  readonly prices: typeof prices;
  readonly reports: typeof reports;
  readonly staff: typeof staff;
};

export type Namespace = keyof EnglishCatalogs;

/** Every namespace, in the order the counter loads them. */
export const NAMESPACES = [...Object.keys(en), ...Object.keys(LAZY_ENGLISH)] as Namespace[];

/** What the customer sees or takes home: in every customer language (shared/languages.ts). */
export const CUSTOMER_NAMESPACES = [
  'display',
  'voucher',
  'install',
  'giftcard',
  'places',
] as const satisfies readonly Namespace[];

/** The clerk's and the manager's screens: in every UI language. */
export const UI_NAMESPACES = NAMESPACES.filter((ns) => !(CUSTOMER_NAMESPACES as readonly string[]).includes(ns));

/**
 * What the counter's screens load in the clerk's language: theirs, and the names of the places they
 * sell. The back office's own (LAZY_ENGLISH) come with its screens (loadBackOfficeWords), and follow
 * a change of language once they are here (i18n.ts, showLanguage).
 */
export const SCREEN_NAMESPACES: readonly Namespace[] = [...UI_NAMESPACES.filter((ns) => !(ns in LAZY_ENGLISH)), 'places'];
