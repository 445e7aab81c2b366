/**
 * Production with no keychain, against a local simulator: the partner secret is sealed under the
 * managers' PINs, so after a start nothing reaches the service until a manager has signed in once,
 * and no file of the data folder ever holds the secret or the token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetPinWithCode } from '../../../../../../electron/cli/admin-commands.ts';
import { createBackend } from '../../../../../../electron/backend/app.ts';
import { updateCounterConfig } from '../../../../../../electron/backend/data-folder.ts';
import { DEFAULT_SCRYPT, parsePinHash } from '../../../../../../electron/backend/staff/pin-hash.ts';
import { callOn } from '../../../../../support/backend.ts';
import { startTestSandbox, type TestSandbox } from '../../../../../support/sandbox.ts';

const SECRET = 'harbour-live-secret-7f3a9c';

let ts: TestSandbox;
beforeAll(async () => {
  vi.stubEnv('ESIM_COUNTER_SECRETS', 'file');
  ts = await startTestSandbox({ clientId: 'harbour-live', clientSecret: SECRET });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await ts.close();
});

const start = (dataDir: string) => createBackend({ dataDir, transport: 'browser', log: () => undefined });

const call = callOn;

/** Every file of the data folder, journals and backups included: none holds the secret, as it is or in base64. */
function expectNoSecretOnDisk(dataDir: string) {
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
    expect(bytes.includes(Buffer.from(SECRET)), entry.name).toBe(false);
    expect(bytes.includes(Buffer.from(Buffer.from(SECRET).toString('base64'))), entry.name).toBe(false);
  }
}

describe('Production with the partner secret sealed under the managers’ PINs', () => {
  it(
    'refuses a sale with secrets_locked after a start, sells once a manager has signed in, and the recovery code re-wraps',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-production-'));
      updateCounterConfig(dataDir, (config) => ({
        ...config,
        environment: 'production',
        accounts: { production: { clientId: 'harbour-live', baseUrl: ts.url } },
      }));

      const first = await start(dataDir);
      let recoveryCode: string;
      let clerkId: string;
      try {
        expect(first.info.environment).toBe('production');
        const owner = await call(first, 'setup.createOwner', { name: 'Olga Owner', pin: '5829' });
        recoveryCode = owner.recoveryCode;
        // A live journal hashes at full cost (Demo's public accounts at the cheapest: app-demo-pins.test.ts).
        const { pin_hash } = first.db.prepare<[], { pin_hash: string }>('SELECT pin_hash FROM staff').get()!;
        expect(parsePinHash(pin_hash)?.params).toEqual(DEFAULT_SCRYPT);
        await call(first, 'session.signIn', { staffId: owner.id, pin: '5829' });
        expect(await call(first, 'app.credentials')).toEqual({ state: 'missing' });
        await call(first, 'settings.setPartner', { environment: 'production', clientSecret: SECRET });
        clerkId = (await call(first, 'staff.create', { name: 'Chris Clerk', role: 'clerk', pin: '3719' })).id;
        const [offer] = await call<Array<{ id: string }>>(first, 'catalog.packages', { country: 'JP' });
        const sold = await call(first, 'sales.create', { packageId: offer!.id, paymentMethod: 'cash' });
        expect(sold.status, JSON.stringify(sold)).toBe('completed');
      } finally {
        await first.close();
      }
      expectNoSecretOnDisk(dataDir);

      const next = await start(dataDir);
      try {
        expect(next.info.environment).toBe('production');
        expect(await call(next, 'app.credentials')).toEqual({ state: 'locked' });
        await call(next, 'session.signIn', { staffId: clerkId, pin: '3719' });
        const [offer] = await call<Array<{ id: string }>>(next, 'catalog.packages', { country: 'JP' });
        const before = (await ts.control.requests()).length;
        const refused = await next.dispatch('sales.create', { packageId: offer!.id, paymentMethod: 'cash' });
        expect(refused).toMatchObject({ ok: false, error: { code: 'secrets_locked' } });
        // Nothing was sent, and nothing recorded: the refusal comes before the sale.
        expect((await ts.control.requests()).length).toBe(before);
        expect(await call(next, 'sales.list', {})).toHaveLength(1);
        // A clerk's sign-in opens nothing; a manager's does.
        expect(await call(next, 'app.credentials')).toEqual({ state: 'locked' });
        const staff = await call<Array<{ id: string; name: string }>>(next, 'staff.list');
        await call(next, 'session.signIn', { staffId: staff.find((s) => s.name === 'Olga Owner')!.id, pin: '5829' });
        expect(await call(next, 'app.credentials')).toEqual({ state: 'ready' });
        await call(next, 'session.signIn', { staffId: clerkId, pin: '3719' });
        expect((await call(next, 'sales.create', { packageId: offer!.id, paymentMethod: 'cash' })).status).toBe('completed');
      } finally {
        await next.close();
      }
      expectNoSecretOnDisk(dataDir);

      // The owner forgot the PIN: the recovery code sets a new one, which opens the secrets too.
      const done = await resetPinWithCode({ dataDir, staff: 'Olga Owner', recoveryCode, newPin: '6284', user: 'owner' });
      expect(done.message).toMatch(/new PIN also unlocks the eSIM service connection/);
      const after = await start(dataDir);
      try {
        const staff = await call<Array<{ id: string; name: string }>>(after, 'staff.list');
        await call(after, 'session.signIn', { staffId: staff.find((s) => s.name === 'Olga Owner')!.id, pin: '6284' });
        expect(await call(after, 'app.credentials')).toEqual({ state: 'ready' });
      } finally {
        await after.close();
      }
    },
  );
});
