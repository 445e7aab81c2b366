/** The cached list of eSIM-capable devices, replaced as a whole on each refresh. */
import { statement } from '../journal/statements.ts';
import type { Journal } from '../journal/open.ts';

export type DeviceRow = {
  readonly id: string;
  readonly os: string;
  readonly brand: string;
  readonly name: string;
  readonly model: string | null;
};

/** A stable id, so the same device keeps its row (and its updated_at) across refreshes. */
export function deviceId(d: Omit<DeviceRow, 'id'>): string {
  return [d.os, d.brand, d.name, d.model ?? ''].map((s) => s.toLowerCase()).join('|');
}

export function listDevices(db: Journal): DeviceRow[] {
  return statement(db, 'SELECT id, os, brand, name, model FROM device_cache ORDER BY brand, name, model').all() as DeviceRow[];
}

/** The time of the last successful refresh, or null when nothing was ever fetched. */
export function devicesFetchedAt(db: Journal): string | null {
  const row = statement(db, 'SELECT max(fetched_at) AS at FROM device_cache').get() as { at: string | null };
  return row.at;
}

/**
 * Replaces the cache with `devices` in one transaction: rows that are unchanged keep their
 * updated_at, rows the service no longer lists are deleted. Duplicates in the list are merged.
 */
export function replaceDevices(db: Journal, devices: readonly Omit<DeviceRow, 'id'>[], fetchedAt: string): number {
  const upsert = statement(
    db,
    `INSERT INTO device_cache (id, os, brand, name, model, payload, fetched_at, updated_at)
     VALUES (@id, @os, @brand, @name, @model, @payload, @fetchedAt, @fetchedAt)
     ON CONFLICT (id) DO UPDATE SET os = excluded.os, brand = excluded.brand, name = excluded.name,
       model = excluded.model, payload = excluded.payload, fetched_at = excluded.fetched_at,
       updated_at = CASE WHEN device_cache.payload = excluded.payload THEN device_cache.updated_at ELSE excluded.updated_at END`,
  );
  const prune = statement(db, 'DELETE FROM device_cache WHERE fetched_at <> ?');
  return db
    .transaction(() => {
      const seen = new Set<string>();
      for (const d of devices) {
        const id = deviceId(d);
        if (seen.has(id)) continue;
        seen.add(id);
        const payload = JSON.stringify({ os: d.os, brand: d.brand, name: d.name, model: d.model });
        upsert.run({ id, os: d.os, brand: d.brand, name: d.name, model: d.model, payload, fetchedAt });
      }
      prune.run(fetchedAt);
      return seen.size;
    })
    .immediate();
}
