/** The partner's product sheets kept per package (migration 0015); catalogue/db.ts drops those it no longer lists. */
import type Database from 'better-sqlite3';
import { statement } from '../journal/statements.ts';

export type StoredSheet = { readonly payload: string; readonly fetchedAt: string };

export function getStoredSheet(db: Database.Database, packageId: string): StoredSheet | undefined {
  return statement(db, 'SELECT payload, fetched_at AS fetchedAt FROM product_sheets WHERE package_id = ?').get(packageId) as
    StoredSheet | undefined;
}

export function putStoredSheet(db: Database.Database, packageId: string, versionHash: string, payload: string, at: string): void {
  statement(
    db,
    `INSERT INTO product_sheets (package_id, version_hash, payload, fetched_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (package_id) DO UPDATE SET version_hash = excluded.version_hash, payload = excluded.payload,
       fetched_at = excluded.fetched_at`,
  ).run(packageId, versionHash, payload, at);
}

export function dropStoredSheet(db: Database.Database, packageId: string): void {
  statement(db, 'DELETE FROM product_sheets WHERE package_id = ?').run(packageId);
}
