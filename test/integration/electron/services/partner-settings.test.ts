import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend } from '../../../../electron/app.ts';
import { setSetting } from '../../../../electron/db/settings.ts';
import { PARTNER_BASE_URL_SETTING } from '../../../../electron/services/partner-settings.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
beforeAll(async () => {
  // Browser mode as on a machine where no keychain answers (CI's), also on a developer's desktop.
  vi.stubEnv('ESIM_COUNTER_SECRETS', 'file');
  ts = await startTestSandbox({ clientId: 'harbour-phones', clientSecret: 'harbour-secret-42' });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await ts.close();
});

async function signInManager(backend: Backend): Promise<void> {
  const staff = (await backend.dispatch('staff.list', {})) as { ok: true; value: Array<{ id: string; role: string }> };
  const manager = staff.value.find((s) => s.role === 'manager')!;
  expect((await backend.dispatch('session.signIn', { staffId: manager.id, pin: '2468' })).ok).toBe(true);
}

describe('choosing the partner environment', () => {
  it('keeps the secret out of sight and switches at the next start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-settings-'));
    const demo = await createBackend({ dataDir, transport: 'browser', log: () => undefined });
    expect(demo.info.environment).toBe('demo');
    const manager = (await demo.dispatch('staff.list', {})) as { ok: true; value: Array<{ id: string; role: string }> };
    const maria = manager.value.find((s) => s.role === 'manager')!;
    expect((await demo.dispatch('session.signIn', { staffId: maria.id, pin: '2468' })).ok).toBe(true);

    const missing = await demo.dispatch('settings.setPartner', { environment: 'partner_sandbox' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    const saved = await demo.dispatch('settings.setPartner', {
      environment: 'partner_sandbox',
      clientId: 'harbour-phones',
      clientSecret: 'harbour-secret-42',
    });
    const secretFile = path.join(dataDir, 'secrets.json');
    expect(saved).toEqual({
      ok: true,
      value: {
        environment: 'partner_sandbox',
        clientId: 'harbour-phones',
        hasSecret: true,
        running: 'demo',
        secretStore: 'file',
        secretFile,
      },
    });
    expect(JSON.stringify(saved)).not.toContain('harbour-secret-42');
    if (process.platform !== 'win32') expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    // Point the account at the local simulator instead of the partner's host.
    setSetting(demo.db, PARTNER_BASE_URL_SETTING, ts.url);
    await demo.close();
    const journalFiles = fs.readdirSync(dataDir).filter((f) => f.startsWith('journal.sqlite'));
    for (const file of journalFiles)
      expect(fs.readFileSync(path.join(dataDir, file)).toString('latin1')).not.toContain('harbour-secret-42');

    const next = await createBackend({ dataDir, transport: 'browser', log: () => undefined });
    try {
      expect(next.info.environment).toBe('partner_sandbox');
      await next.dispatch('session.signIn', { staffId: maria.id, pin: '2468' });
      const packages = (await next.dispatch('catalog.packages', { country: 'JP' })) as { ok: boolean; value: unknown[] };
      expect(packages.ok).toBe(true);
      expect(packages.value.length).toBeGreaterThan(0);
    } finally {
      await next.close();
    }
  });
});

describe('a damaged secrets file', () => {
  it('starts on Demo, says so, and refuses to save over the file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-settings-'));
    const secretFile = path.join(dataDir, 'secrets.json');
    const lines: string[] = [];
    const log = (message: string, error?: unknown) =>
      void lines.push(`${message} ${error instanceof Error ? error.message : ''}`);
    const first = await createBackend({ dataDir, transport: 'browser', log });
    await signInManager(first);
    expect(
      (
        await first.dispatch('settings.setPartner', {
          environment: 'production',
          clientId: 'harbour-phones',
          clientSecret: 'harbour-secret-42',
        })
      ).ok,
    ).toBe(true);
    await first.close();
    fs.writeFileSync(secretFile, '{"partner-client-secret:production": "harbour-sec', { mode: 0o600 });
    const damaged = fs.readFileSync(secretFile);

    lines.length = 0;
    const next = await createBackend({ dataDir, transport: 'browser', log });
    try {
      // The counter still opens (on Demo), and the log says why.
      expect(next.info.environment).toBe('demo');
      expect(lines.join('\n')).toMatch(/partner secret cannot be read \(The secrets file .*secrets\.json is damaged/);
      await signInManager(next);
      const view = await next.dispatch('settings.partner', {});
      expect(view).toMatchObject({ ok: true, value: { environment: 'production', hasSecret: false, secretStore: 'file' } });
      expect(lines.join('\n')).toMatch(/settings: the production partner secret cannot be read.*is damaged/);

      const refused = await next.dispatch('settings.setPartner', { environment: 'production', clientSecret: 'another-secret-7' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'journal_unavailable' } });
      const message = refused.ok ? '' : refused.error.message;
      expect(message).toContain(secretFile);
      expect(message).toMatch(/move the file aside/);
      expect(fs.readFileSync(secretFile).equals(damaged)).toBe(true);
      expect(lines.join('\n')).toMatch(/could not be saved; nothing was changed/);

      // Selling goes on: the Demo token lives in memory, and the log says that too.
      expect(((await next.dispatch('catalog.packages', { country: 'JP' })) as { ok: boolean }).ok).toBe(true);
      expect(lines.join('\n')).toMatch(/could not read the saved access token from the file store.*kept in memory only/);
      expect(lines.join('\n')).not.toMatch(/harbour-secret-42|another-secret-7/);
    } finally {
      await next.close();
    }
  });
});
