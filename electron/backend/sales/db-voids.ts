/** Voids of sales the partner never got (migration 0009): append-only rows beside the sale. */
import type Database from 'better-sqlite3';
import { statement } from '../journal/statements.ts';

export type VoidRow = { saleId: string; voidedAt: string; voidedBy: string; reason: string };

export function insertVoid(db: Database.Database, row: VoidRow): void {
  statement(
    db,
    'INSERT INTO sale_voids (sale_id, voided_at, voided_by, reason) VALUES (@saleId, @voidedAt, @voidedBy, @reason)',
  ).run(row);
}

export function getVoid(db: Database.Database, saleId: string): VoidRow | undefined {
  return statement(
    db,
    'SELECT sale_id AS saleId, voided_at AS voidedAt, voided_by AS voidedBy, reason FROM sale_voids WHERE sale_id = ?',
  ).get(saleId) as VoidRow | undefined;
}
