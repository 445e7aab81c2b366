/**
 * Two real full disks for the journal: SQLite's own page limit (max_page_count, anywhere) and a
 * small tmpfs filled with files (Linux, as root). Each empties the write-ahead log first, so the
 * very next write needs space the disk no longer has.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Journal } from '../../electron/backend/journal/open.ts';

export type FullDisk = {
  /** Leaves the journal no room for one more page. */
  fill(): void;
  /** Gives the space back. */
  free(): void;
};

/** Mounts a tmpfs of `size` at a fresh folder; null where this machine does not allow it. */
export function mountTmpfs(size: string): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

export function unmountTmpfs(dir: string): void {
  execFileSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes a file until the disk says no more, down to its last free block. */
export function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [64 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The journal capped at the pages it has, packed full: the next write that needs a page fails. */
export function pageLimit(db: Journal): FullDisk {
  return {
    fill() {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.exec('VACUUM');
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    },
    free() {
      db.pragma('max_page_count = 1073741823');
    },
  };
}

/** The tmpfs at `mount` (which holds the journal) filled with files. */
export function tmpfsFull(db: Journal, mount: string): FullDisk {
  const filler = path.join(mount, 'filler');
  return {
    fill() {
      db.pragma('wal_checkpoint(TRUNCATE)');
      fillDisk(filler);
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
  };
}
