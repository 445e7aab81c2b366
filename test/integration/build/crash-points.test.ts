// The desktop app's main bundle carries no crash points: an environment variable must not be able
// to kill a shipped app. Source and browser mode keep them for the SIGKILL tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the desktop build', () => {
  it('has no crash points in its main bundle', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-main-build-'));
    try {
      const built = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
          'build',
          '--config',
          'vite.electron.config.ts',
          '--mode',
          'main',
          '--outDir',
          outDir,
          '--logLevel',
          'error',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(built.status, built.stderr).toBe(0);
      const bundle = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.js'))
        .map((f) => fs.readFileSync(path.join(outDir, f), 'utf8'))
        .join('\n');
      expect(bundle).toContain('outcome uncertain'); // the sale path itself is there
      expect(bundle).not.toContain('ESIM_COUNTER_CRASH_AT');
      expect(bundle).not.toMatch(/process\.kill\(process\.pid/);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
