import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend } from '../../../../../electron/backend/app.ts';
import { readCounterConfig, updateCounterConfig } from '../../../../../electron/backend/data-folder.ts';
import { callOn } from '../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../support/sandbox.ts';

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

const start = (dataDir: string) => createBackend({ dataDir, transport: 'browser', log: () => undefined });

const call = callOn;

async function signInDemoManager(backend: Backend): Promise<void> {
  const staff = await call<Array<{ id: string; name: string }>>(backend, 'staff.list');
  const maria = staff.find((s) => s.name === 'Maria Manager')!;
  await call(backend, 'session.signIn', { staffId: maria.id, pin: '2468' });
}

async function signInManager(backend: Backend): Promise<void> {
  const staff = (await backend.dispatch('staff.list', {})) as { ok: true; value: Array<{ id: string; role: string }> };
  const manager = staff.value.find((s) => s.role === 'manager')!;
  expect((await backend.dispatch('session.signIn', { staffId: manager.id, pin: '2468' })).ok).toBe(true);
}

describe('choosing the partner environment', () => {
  it(
    'keeps the secret out of sight, switches at the next start, and each environment keeps its own journal',
    { timeout: 90_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-settings-'));
      const demo = await start(dataDir);
      expect(demo.info.environment).toBe('demo');
      await signInDemoManager(demo);
      // A practice sale, which must never show in the partner account's journal.
      const [offer] = await call<Array<{ id: string }>>(demo, 'catalog.packages', { country: 'JP' });
      await call(demo, 'sales.create', { packageId: offer!.id, paymentMethod: 'cash' });

      const missing = await demo.dispatch('settings.setPartner', { environment: 'partner_sandbox' });
      expect(missing).toMatchObject({ ok: false, error: { code: 'bad_input', fields: { clientId: 'credentials_required' } } });
      // No keychain here: the secret is sealed under the PINs of the sandbox's own managers, whom Demo
      // does not know, so it is entered there; here only the client id is kept.
      const elsewhere = await demo.dispatch('settings.setPartner', {
        environment: 'partner_sandbox',
        clientId: 'harbour-phones',
        clientSecret: 'harbour-secret-42',
      });
      expect(elsewhere).toMatchObject({
        ok: false,
        error: { code: 'conflict', reason: 'secret_for_other_environment', params: { environment: 'partner_sandbox' } },
      });
      const saved = await call(demo, 'settings.setPartner', { environment: 'partner_sandbox', clientId: 'harbour-phones' });
      expect(saved).toEqual({
        environment: 'partner_sandbox',
        clientId: 'harbour-phones',
        hasSecret: false,
        running: 'demo',
        nextJournal: { file: 'journal-partner-sandbox.sqlite', folder: dataDir, exists: false },
        secretStore: 'vault',
        secretFile: path.join(dataDir, 'secrets.json'),
        secretOnlyWhereRunning: true,
      });
      // The audit log has the old and new environment and client id; of the secret only that it changed.
      const [changed] = await call<Array<{ action: string; details: Record<string, unknown> }>>(demo, 'audit.list', {
        action: 'partner.settings_changed',
      });
      expect(changed!.details).toEqual({
        environment: 'partner_sandbox',
        from: 'demo',
        to: 'partner_sandbox',
        clientIdFrom: null,
        clientIdTo: 'harbour-phones',
        secretChanged: false,
      });
      if (process.platform !== 'win32') expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
      await demo.close();
      // Point the account at the local simulator instead of the partner's host.
      updateCounterConfig(dataDir, (config) => ({
        ...config,
        accounts: { partner_sandbox: { clientId: 'harbour-phones', baseUrl: ts.url } },
      }));

      const sandbox = await start(dataDir);
      try {
        expect(sandbox.info.environment).toBe('partner_sandbox');
        // Nothing of Demo is here: no published demo staff, so the counter asks for its owner.
        expect(await call(sandbox, 'staff.list')).toEqual([]);
        expect(await call(sandbox, 'setup.status')).toEqual({ environment: 'partner_sandbox', needsOwner: true });
        const owner = await call(sandbox, 'setup.createOwner', { name: 'Hana Owner', pin: '4826', storeName: 'Harbour Phones' });
        await call(sandbox, 'session.signIn', { staffId: owner.id, pin: '4826' });
        expect(await call(sandbox, 'sales.list', {})).toEqual([]);
        expect(await call(sandbox, 'app.credentials')).toEqual({ state: 'missing' });
        await call(sandbox, 'settings.setPartner', { environment: 'partner_sandbox', clientSecret: 'harbour-secret-42' });
        expect(await call(sandbox, 'app.credentials')).toEqual({ state: 'ready' });
        for (const file of fs.readdirSync(dataDir).filter((f) => fs.statSync(path.join(dataDir, f)).isFile()))
          expect(fs.readFileSync(path.join(dataDir, file)).toString('latin1')).not.toContain('harbour-secret-42');
        const packages = await call<unknown[]>(sandbox, 'catalog.packages', { country: 'JP' });
        expect(packages.length).toBeGreaterThan(0);
        // Back to Demo for the next start.
        expect(await call(sandbox, 'settings.setPartner', { environment: 'demo' })).toMatchObject({
          environment: 'demo',
          running: 'partner_sandbox',
          nextJournal: { file: 'journal-demo.sqlite', exists: true },
        });
      } finally {
        await sandbox.close();
      }

      const back = await start(dataDir);
      try {
        expect(back.info.environment).toBe('demo');
        await signInDemoManager(back);
        expect(await call<unknown[]>(back, 'sales.list', {})).toHaveLength(1);
        expect((await call<Array<{ name: string }>>(back, 'staff.list')).map((s) => s.name)).not.toContain('Hana Owner');
      } finally {
        await back.close();
      }
      expect(readCounterConfig(dataDir).journals).toMatchObject({ demo: {}, partner_sandbox: {} });
    },
  );
});

describe('a damaged secrets file', () => {
  it('starts on Demo, says so, and refuses to save over the file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-settings-'));
    const secretFile = path.join(dataDir, 'secrets.json');
    const lines: string[] = [];
    const log = (message: string, error?: unknown) =>
      void lines.push(`${message} ${error instanceof Error ? error.message : ''}`);
    updateCounterConfig(dataDir, (config) => ({
      ...config,
      environment: 'production',
      accounts: { production: { clientId: 'harbour-phones' } },
    }));
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
      expect(view).toMatchObject({ ok: true, value: { environment: 'production', hasSecret: false, secretStore: 'vault' } });
      expect(lines.join('\n')).toMatch(/settings: the production partner secret cannot be read.*is damaged/);

      // The sign-in could not open the damaged file either; it says so and goes on.
      expect(lines.join('\n')).toMatch(/opening the vault at a sign-in failed.*is damaged/);
      const refused = await next.dispatch('settings.setPartner', { environment: 'production', clientSecret: 'another-secret-7' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', reason: 'secret_for_other_environment' } });
      expect(fs.readFileSync(secretFile).equals(damaged)).toBe(true);
      expect(lines.join('\n')).toMatch(/could not be saved; nothing was changed/);

      // Selling goes on: the Demo token lives in memory, and the log says that too.
      expect(((await next.dispatch('catalog.packages', { country: 'JP' })) as { ok: boolean }).ok).toBe(true);
      expect(lines.join('\n')).toMatch(/could not read the saved access token from the vault store.*kept in memory only/);
      expect(lines.join('\n')).not.toMatch(/harbour-secret-42|another-secret-7/);
    } finally {
      await next.close();
    }
  });
});
