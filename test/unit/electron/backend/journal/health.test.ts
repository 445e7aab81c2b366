import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalHealth } from '../../../../../electron/backend/journal/health.ts';
import { tempJournal } from '../../../../support/journal.ts';

/** Caps the journal at the pages it has now: the next write that needs a page fails with SQLITE_FULL. */
function fillUp(db: ReturnType<typeof tempJournal>['db']): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('VACUUM');
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${pages}`);
}

function setup() {
  const { db } = tempJournal();
  let now = Date.parse('2026-11-24T09:00:00.000Z');
  const logged: string[] = [];
  const health = new JournalHealth({ db, now: () => now, log: (m) => logged.push(m), probeEveryMs: 5000 });
  return { db, health, logged, advance: (ms: number) => (now += ms) };
}

/** A write as a sale makes one: a row of a few kilobytes. */
const write = (db: ReturnType<typeof tempJournal>['db']) =>
  db
    .prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, json_quote(hex(randomblob(8192))), '2026-11-24')")
    .run(crypto.randomUUID());

/** What the full disk answers such a write. */
function refusedWrite(db: ReturnType<typeof tempJournal>['db']): unknown {
  try {
    write(db);
  } catch (error) {
    return error;
  }
  throw new Error('the write went through');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('JournalHealth', () => {
  it('pauses on a write the full disk refused, and resumes once a real write goes through', () => {
    const { db, health, logged, advance } = setup();
    expect(health.writable()).toBe(true);
    fillUp(db);
    const error = refusedWrite(db);
    expect((error as { code: string }).code).toBe('SQLITE_FULL');
    health.failed(error, 'sales.create');
    expect(health.writable()).toBe(false);
    expect(() => health.assertWritable()).toThrow(/disk is full/);
    advance(6000);
    expect(health.writable()).toBe(false); // tried again, still full
    db.pragma('max_page_count = 1073741823');
    advance(2000);
    expect(health.writable()).toBe(false); // not yet time to try again
    advance(4000);
    expect(health.writable()).toBe(true);
    expect(logged).toEqual([
      'the journal cannot be written (sales.create); sales are paused',
      'the journal can be written again; sales are back on',
    ]);
    expect(db.prepare("SELECT count(*) AS n FROM settings WHERE key = 'journal.probe'").get()).toEqual({ n: 0 });
  });

  it('tries the journal by itself while paused, and tells its listeners once it takes writes again', () => {
    vi.useFakeTimers();
    const { db } = tempJournal();
    const health = new JournalHealth({ db, probeEveryMs: 100 });
    const back = vi.fn();
    health.onWritable(back);
    fillUp(db);
    health.failed(refusedWrite(db), 'sales.create');
    // Nobody asks (an idle counter): the timer tries, and a full disk keeps it paused.
    vi.advanceTimersByTime(350);
    expect(back).not.toHaveBeenCalled();
    db.pragma('max_page_count = 1073741823');
    vi.advanceTimersByTime(100);
    expect(back).toHaveBeenCalledTimes(1);
    expect(health.writable()).toBe(true);
    // Back: no more tries, no second word.
    vi.advanceTimersByTime(1000);
    expect(back).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores a failure that is not the journal’s (a bug is not a full disk)', () => {
    const { health } = setup();
    health.failed(new TypeError('x'), 'sales.create');
    expect(health.writable()).toBe(true);
  });
});
