import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../../../electron/app.ts';
import { setSetting } from '../../../../electron/db/settings.ts';
import { PARTNER_BASE_URL_SETTING } from '../../../../electron/services/partner-settings.ts';
import { startTestSandbox, type TestSandbox } from '../../../support/sandbox.ts';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox({ clientId: 'harbour-phones', clientSecret: 'harbour-secret-42' });
});
afterAll(() => ts.close());

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
    expect(saved).toEqual({
      ok: true,
      value: { environment: 'partner_sandbox', clientId: 'harbour-phones', hasSecret: true, running: 'demo' },
    });
    expect(JSON.stringify(saved)).not.toContain('harbour-secret-42');
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
