import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { outboxOrderViews } from '../../../../../electron/backend/chain/outbox-rows.ts';
import { migrate } from '../../../../../electron/backend/journal/migrate.ts';

describe("the outbox's views of sales and top-ups", () => {
  it('are in the journal as the figures generate them: the head office gets the money the reports count', () => {
    const db = new Database(':memory:');
    migrate(db);
    for (const view of outboxOrderViews()) {
      // On failure: a new migration drops the view and creates it again with this SQL.
      expect(db.prepare('SELECT type, name, sql FROM sqlite_master WHERE name = ?').get(view.name), view.sql).toEqual(view);
    }
  });
});
