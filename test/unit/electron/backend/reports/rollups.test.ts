import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../electron/backend/journal/migrate.ts';
import { rollupSchema, rollupSchemaSql } from '../../../../../electron/backend/reports/rollups.ts';

describe('the running totals in the journal', () => {
  it('are kept by exactly the view and triggers the figures generate: a changed figure needs a migration', () => {
    const db = new Database(':memory:');
    migrate(db);
    const generated = rollupSchema();
    const inJournal = db
      .prepare(`SELECT type, name, sql FROM sqlite_master WHERE name IN (${generated.map(() => '?').join(', ')})`)
      .all(...generated.map((o) => o.name)) as { type: string; name: string; sql: string }[];
    // On failure: add a migration whose SQL drops these and runs what rollupSchemaSql() gives.
    expect(
      [...inJournal].sort((a, b) => a.name.localeCompare(b.name)),
      `the journal's rollups differ from the figures; a new migration should lay down:\n${rollupSchemaSql()}`,
    ).toEqual([...generated].sort((a, b) => a.name.localeCompare(b.name)));
  });

  it('are written by nothing else: no older trigger adds to a total beside them', () => {
    const db = new Database(':memory:');
    migrate(db);
    const writers = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'trigger'
           AND (sql LIKE '%INSERT INTO report%' OR sql LIKE '%UPDATE report%') ORDER BY name`,
      )
      .all()
      .map((r) => (r as { name: string }).name);
    expect(writers).toEqual(
      rollupSchema()
        .filter((o) => o.type === 'trigger')
        .map((o) => o.name)
        .sort(),
    );
  });
});
