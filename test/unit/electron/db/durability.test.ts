import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openJournal } from '../../../../electron/db/open.ts';
import { startCheckpointing } from '../../../../electron/db/durability.ts';

const journal = () => openJournal(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'durability-')), 'journal.sqlite'));

describe('startCheckpointing', () => {
  it('checkpoints on its timer and stops when asked', () => {
    vi.useFakeTimers();
    try {
      const db = journal();
      const pragma = vi.spyOn(db, 'pragma');
      const stop = startCheckpointing(db, 1000);
      vi.advanceTimersByTime(2500);
      expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toHaveLength(2);
      stop();
      vi.advanceTimersByTime(5000);
      expect(pragma.mock.calls.filter(([sql]) => sql === 'wal_checkpoint(PASSIVE)')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
