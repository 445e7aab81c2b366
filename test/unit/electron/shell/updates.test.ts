import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUpdates, vendorFeed } from '../../../../electron/shell/updates.ts';
import type { Updater } from '../../../../electron/shell/update-policy.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-counter-shell-updates-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function fakeUpdater(): Updater & { checks: number; installs: number } {
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    checks: 0,
    installs: 0,
    setFeedURL: () => undefined,
    checkForUpdates: () => {
      updater.checks++;
      return Promise.resolve(null);
    },
    quitAndInstall: () => void updater.installs++,
  };
  return updater;
}

describe('the desktop app’s updates', () => {
  it('reads the vendor’s feed that electron-builder wrote into app-update.yml', () => {
    expect(vendorFeed(dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'app-update.yml'), "provider: generic\nurl: 'https://updates.example.com/esim-counter/'\n");
    expect(vendorFeed(dir)).toBe('https://updates.example.com/esim-counter/');
    fs.writeFileSync(path.join(dir, 'app-update.yml'), 'provider: generic\nurl: file:///etc/\n');
    expect(vendorFeed(dir)).toBeNull();
  });

  it('never lets electron-updater install on quit, and checks in the background, not at once', async () => {
    vi.useFakeTimers();
    try {
      const updater = fakeUpdater();
      const running = await startUpdates({
        updater,
        version: '1.0.0',
        resourcesDir: dir,
        dataDir: dir,
        backend: { updates: () => ({ feedUrl: 'https://shop.example/updates/', saleOpen: false }) },
        log: () => undefined,
      });
      expect(running.outcome).toBe('none');
      expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: false, checks: 0 });
      // No key shipped: the feed is never even asked.
      await vi.advanceTimersByTimeAsync(7 * 60 * 60_000);
      expect(updater.checks).toBe(0);
      running.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
