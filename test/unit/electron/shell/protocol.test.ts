import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Net, Protocol } from '../../../../electron/shell/electron-types.ts';
import { registerAppProtocol, resolveAppFile } from '../../../../electron/shell/protocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../../../electron/shell/security.ts';
import { createFakeElectron } from '../../../support/fake-electron.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-protocol-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('serves index.html for routes and files inside the renderer folder only', () => {
    expect(resolveAppFile(root, 'app://counter/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://counter/display')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://counter/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'));
    // Plain and dot-encoded ../ are folded by the URL parser: they stay inside the folder.
    for (const url of ['app://counter/../../etc/passwd.txt', 'app://counter/%2e%2e/%2e%2e/etc/passwd.txt'])
      expect(resolveAppFile(root, url), url).toBe(path.join(root, 'etc', 'passwd.txt'));
    // An encoded slash would climb out after decoding: refused, as are other hosts, schemes and bad escapes.
    const backslashes = 'app://counter/assets/..%5c..%5c..%5cwin.ini';
    if (process.platform === 'win32') expect(resolveAppFile(root, backslashes)).toBeNull();
    else expect(resolveAppFile(root, backslashes)!.startsWith(root + path.sep)).toBe(true); // a plain file name there
    for (const url of [
      'app://counter/..%2f..%2fetc%2fpasswd.txt',
      'app://other/index.html',
      'file:///etc/passwd',
      'app://counter/%E0%A4%A',
    ])
      expect(resolveAppFile(root, url), url).toBeNull();
  });

  it('answers with the Content-Security-Policy header, and 404 outside the folder', async () => {
    const fake = createFakeElectron();
    registerAppProtocol(fake.electron.protocol as Protocol, fake.electron.net as Net, root);
    const handler = fake.protocol.handlers.get('app')!;
    const page = await handler(new Request('app://counter/display'));
    expect(page.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await page.text()).toMatch(/^fetched file:\/\/.*index\.html$/);
    expect((await handler(new Request('app://counter/..%2f..%2f..%2fetc%2fpasswd.txt'))).status).toBe(404);
  });
});
