/**
 * English, the source language: every key exists here first, and every other language has the same
 * keys (test/unit/renderer/src/i18n/catalogs.test.ts). Bundled with the app, so it is also what any
 * gap falls back to.
 */
import audit from './audit.json';
import chain from './chain.json';
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
import prices from './prices.json';
import print from './print.json';
import refunds from './refunds.json';
import reports from './reports.json';
import sell from './sell.json';
import settings from './settings.json';
import setup from './setup.json';
import signin from './signin.json';
import staff from './staff.json';
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
  reports,
  close,
  staff,
  settings,
  chain,
  prices,
  print,
  audit,
  refunds,
  display,
  voucher,
  vouchers,
  delivery,
  giftcard,
  places,
} as const;

export type Namespace = keyof typeof en;

/**
 * A back-office screen's words that stay out of the first paint, English too: the screen's lazily
 * loaded chunk asks for them (loadNamespaces), and they are in every UI language like the rest.
 */
export const LAZY_NAMESPACES = ['backups'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

/** What the customer sees or takes home: in every customer language (shared/languages.ts). */
export const CUSTOMER_NAMESPACES = [
  'display',
  'voucher',
  'install',
  'giftcard',
  'places',
] as const satisfies readonly Namespace[];

/** The clerk's and the manager's screens: in every UI language. */
export const UI_NAMESPACES = (Object.keys(en) as Namespace[]).filter(
  (ns) => !(CUSTOMER_NAMESPACES as readonly string[]).includes(ns),
);

/** What the counter's screens load in the clerk's language: theirs, and the names of the places they sell. */
export const SCREEN_NAMESPACES: readonly Namespace[] = [...UI_NAMESPACES, 'places'];
