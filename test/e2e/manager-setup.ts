/** Helpers of the manager's e2e tests: direct backend calls to set a day up quickly. */
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import type { InputOf, MethodName, OutputOf } from '../../shared/contract.ts';
import type { AppError } from '../../shared/errors.ts';
import type { SaleView } from '../../shared/sales.ts';
import type { RunningApp } from '../support/browser-mode.ts';
import { DEMO_STAFF, expect } from './fixtures.ts';

export type Outcome<M extends MethodName> = { ok: true; value: OutputOf<M> } | { ok: false; error: AppError };

export async function call<M extends MethodName>(app: RunningApp, method: M, input: InputOf<M>): Promise<Outcome<M>> {
  const answer = await fetch(`${app.origin}/rpc/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await answer.json()) as Outcome<M>;
}

export async function rpc<M extends MethodName>(app: RunningApp, method: M, input: InputOf<M>): Promise<OutputOf<M>> {
  const result = await call(app, method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** Signs in through the API; the backend's one session is what every tab then shows. */
export async function signInAs(app: RunningApp, who: { name: string; pin: string }): Promise<string> {
  const tiles = await rpc(app, 'staff.list', {});
  const tile = tiles.find((t) => t.name === who.name);
  if (!tile) throw new Error(`no staff tile for ${who.name}`);
  await rpc(app, 'session.signIn', { staffId: tile.id, pin: who.pin });
  return tile.id;
}

export const SECOND_CLERK = { name: 'Dana Clerk', pin: '9753' } as const;

async function sell(app: RunningApp, packageId: string, paymentMethod: 'cash' | 'card' | 'other'): Promise<SaleView> {
  const sale = await rpc(app, 'sales.create', { packageId, paymentMethod, quantity: 1 });
  expect(sale.status).toBe('completed');
  return sale;
}

export type SeededDay = {
  chris: SaleView[];
  dana: SaleView[];
  /** Expected cash per the sales made, in minor units of the one currency used. */
  cashMinor: number;
  currency: string;
};

/**
 * A day with sales by two clerks: Chris Clerk sells two for cash and one by card, Dana Clerk
 * (added by the manager) one for cash. Ends signed in as the manager.
 */
export async function seedDay(app: RunningApp): Promise<SeededDay> {
  await signInAs(app, DEMO_STAFF.manager);
  await rpc(app, 'staff.create', { name: SECOND_CLERK.name, role: 'clerk', pin: SECOND_CLERK.pin });

  await signInAs(app, DEMO_STAFF.clerk);
  const offers = await rpc(app, 'catalog.packages', { country: 'DE' });
  const offer = offers[0];
  if (!offer) throw new Error('no package for DE in the demo catalogue');
  const chris = [await sell(app, offer.id, 'cash'), await sell(app, offer.id, 'cash'), await sell(app, offer.id, 'card')];

  await signInAs(app, SECOND_CLERK);
  const dana = [await sell(app, offer.id, 'cash')];

  await signInAs(app, DEMO_STAFF.manager);
  const cash = [...chris, ...dana].filter((s) => s.paymentMethod === 'cash');
  return { chris, dana, cashMinor: cash.reduce((sum, s) => sum + s.total.minor, 0), currency: chris[0]!.total.currency };
}

/** Opens the app (the manager already signed in through the API) at a back-office screen. */
export async function openAs(page: Page, app: RunningApp, screen: string): Promise<void> {
  await page.goto(app.url);
  await expect(page.getByText(`${DEMO_STAFF.manager.name} ·`)).toBeVisible();
  await page.evaluate((id) => {
    window.location.hash = id;
  }, screen);
}

/** Copies today's completed sales to `days` days earlier, as if a day had been sold and left unclosed. */
export function copySalesBack(dataDir: string, days: number): void {
  const raw = new Database(path.join(dataDir, 'journal-demo.sqlite'));
  const rows = raw.prepare("SELECT * FROM sales WHERE status = 'completed'").all() as Record<string, unknown>[];
  const shift = (at: unknown) => (typeof at === 'string' ? new Date(Date.parse(at) - days * 86_400_000).toISOString() : at);
  for (const row of rows) {
    const copy = {
      ...row,
      id: `${String(row.id)}-back`,
      // Lower case: a generated reference never holds it, so a test can tell a copy by its suffix.
      reference: `${String(row.reference)}-copy`,
      created_at: shift(row.created_at),
      completed_at: shift(row.completed_at),
      updated_at: shift(row.updated_at),
      partner_order_id: null,
      partner_order_code: null,
    };
    const keys = Object.keys(copy).filter((k) => k in row);
    raw.prepare(`INSERT INTO sales (${keys.join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`).run(copy);
  }
  raw.close();
}
