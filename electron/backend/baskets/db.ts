/** The journal's baskets and their lines (migration 0026). */
import type Database from 'better-sqlite3';
import type { AppError } from '../../../shared/errors.ts';
import type { PaymentMethod } from '../../../shared/sales.ts';

export type BasketRow = { id: string; paymentMethod: PaymentMethod; staffId: string; createdAt: string };

export type BasketLineRow = {
  index: number;
  kind: 'sale' | 'topup';
  orderId: string;
  packageId: string;
  quantity: number;
  iccid: string | null;
  refusal: AppError | null;
};

/** The basket and all its lines at once, before any line is sent: a crash leaves either nothing or all of it. */
export function insertBasket(db: Database.Database, basket: BasketRow, lines: readonly BasketLineRow[]): void {
  db.transaction(() => {
    db.prepare(`INSERT INTO baskets (id, payment_method, staff_id, created_at) VALUES (?, ?, ?, ?)`).run(
      basket.id,
      basket.paymentMethod,
      basket.staffId,
      basket.createdAt,
    );
    const line = db.prepare(
      `INSERT INTO basket_lines (basket_id, idx, kind, order_id, package_id, quantity, iccid) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const l of lines) line.run(basket.id, l.index, l.kind, l.orderId, l.packageId, l.quantity, l.iccid);
  })();
}

export function getBasket(db: Database.Database, id: string): { basket: BasketRow; lines: BasketLineRow[] } | null {
  const basket = db
    .prepare(`SELECT id, payment_method AS paymentMethod, staff_id AS staffId, created_at AS createdAt FROM baskets WHERE id = ?`)
    .get(id) as BasketRow | undefined;
  if (!basket) return null;
  const lines = (
    db
      .prepare(
        `SELECT idx AS "index", kind, order_id AS orderId, package_id AS packageId, quantity, iccid, refusal
         FROM basket_lines WHERE basket_id = ? ORDER BY idx`,
      )
      .all(id) as (Omit<BasketLineRow, 'refusal'> & { refusal: string | null })[]
  ).map((row) => ({ ...row, refusal: row.refusal === null ? null : (JSON.parse(row.refusal) as AppError) }));
  return { basket, lines };
}

/** A line refused before any order was written: it stays failed, and is never sent. */
export function refuseBasketLine(db: Database.Database, basketId: string, index: number, refusal: AppError): void {
  db.prepare(`UPDATE basket_lines SET refusal = ? WHERE basket_id = ? AND idx = ?`).run(JSON.stringify(refusal), basketId, index);
}
