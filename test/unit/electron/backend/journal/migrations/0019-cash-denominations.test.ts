import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../../../../electron/backend/journal/migrate.ts';

function journal(): Database.Database {
  const db = new Database(':memory:');
  migrate(db, loadMigrations());
  return db;
}

const insert = (db: Database.Database, closeId: string, currency: string, counts: string) =>
  db
    .prepare(
      "INSERT INTO close_cash_counts (close_id, currency, counts, updated_at) VALUES (?, ?, ?, '2026-11-20T18:00:00.000Z')",
    )
    .run(closeId, currency, counts);

describe('migration 0019: the cash counted by notes and coins at a close', () => {
  it('keeps one count per close and currency, as a JSON list', () => {
    const db = journal();
    insert(db, 'c1', 'USD', JSON.stringify([{ value: 2000, count: 3 }]));
    insert(db, 'c1', 'EUR', '[]');
    expect(() => insert(db, 'c1', 'USD', '[]')).toThrow(/UNIQUE/);
    expect(() => insert(db, 'c2', 'US', '[]')).toThrow(/CHECK/);
    expect(() => insert(db, 'c2', 'USD', 'not json')).toThrow(/CHECK/);
    expect(() => insert(db, 'c2', 'USD', '{"value":1}')).toThrow(/CHECK/);
    expect(db.prepare("SELECT counts FROM close_cash_counts WHERE close_id = 'c1' AND currency = 'USD'").get()).toEqual({
      counts: '[{"value":2000,"count":3}]',
    });
  });

  it('is written once: never changed or removed', () => {
    const db = journal();
    insert(db, 'c1', 'USD', JSON.stringify([{ value: 2000, count: 3 }]));
    expect(() => db.prepare("UPDATE close_cash_counts SET counts = '[]'").run()).toThrow(/written once/);
    expect(() => db.prepare('DELETE FROM close_cash_counts').run()).toThrow(/written once/);
    expect(db.prepare('SELECT count(*) AS n FROM close_cash_counts').get()).toEqual({ n: 1 });
  });
});
