/**
 * The data folder as the backend starts on it: a lost journal is not made again, the files are
 * owner-only, and the lock is held while the backend runs and freed when it stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../../electron/backend/app.ts';
import { journalPath, JournalMissingError, liveHolder } from '../../../../electron/backend/data-folder.ts';

const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-folder-start-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const start = (dataDir: string) => createBackend({ dataDir, transport: 'browser', log: () => undefined });

describe('starting on a data folder', () => {
  it('holds the folder while running, with owner-only files, and frees it when stopped', async () => {
    const dataDir = path.join(folder(), 'data');
    const backend = await start(dataDir);
    try {
      expect(liveHolder(dataDir)).toMatchObject({ pid: process.pid, transport: 'browser' });
      await expect(start(dataDir)).rejects.toThrow(/already running on this data folder/);
      if (process.platform !== 'win32') {
        expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
        for (const name of fs.readdirSync(dataDir).filter((n) => fs.statSync(path.join(dataDir, n)).isFile()))
          expect(fs.statSync(path.join(dataDir, name)).mode & 0o777, name).toBe(0o600);
      }
    } finally {
      await backend.close();
    }
    expect(liveHolder(dataDir)).toBeNull();
  });

  it('stops, and seeds nothing, when the journal it held is gone', async () => {
    const dataDir = folder();
    await (await start(dataDir)).close();
    const journal = journalPath(dataDir, 'demo');
    for (const side of ['', '-wal', '-shm']) fs.rmSync(`${journal}${side}`, { force: true });

    const error = await start(dataDir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(JournalMissingError);
    expect((error as Error).message).toContain('npm run admin -- restore');
    expect(fs.existsSync(journal)).toBe(false);
    // Not left locked by the refused start.
    expect(liveHolder(dataDir)).toBeNull();
  });
});
