/**
 * The Demo's PINs are stretched at the cheapest cost allowed (its two accounts' PINs are printed in
 * the README), at the start, after a sign-in and in the secret vault's wraps; a live journal's
 * owner is hashed at full cost (production-unlock.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend } from '../../../../electron/backend/app.ts';
import { MIN_SCRYPT_N, parsePinHash } from '../../../../electron/backend/staff/pin-hash.ts';
import { callOn } from '../../../support/backend.ts';

let backend: Backend;
beforeAll(async () => {
  vi.stubEnv('ESIM_COUNTER_SECRETS', 'file');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-pins-'));
  backend = await createBackend({ dataDir, transport: 'browser', log: () => undefined });
});
afterAll(async () => {
  await backend.close();
  vi.unstubAllEnvs();
});

const costs = () =>
  backend.db
    .prepare<[], { name: string; pin_hash: string }>('SELECT name, pin_hash FROM staff ORDER BY name')
    .all()
    .map((row) => [row.name, parsePinHash(row.pin_hash)?.params.N]);

describe('PINs in Demo', () => {
  it('are shown on the sign-in screen’s tiles while they are the published ones, and a changed one is not', async () => {
    type Tile = { id: string; name: string; demoPin: string | null };
    const tiles = () => callOn<Tile[]>(backend, 'staff.list');
    expect((await tiles()).map((t) => [t.name, t.demoPin])).toEqual([
      ['Chris Clerk', '1357'],
      ['Maria Manager', '2468'],
    ]);
    const [clerk, manager] = await tiles();
    await callOn(backend, 'session.signIn', { staffId: manager!.id, pin: '2468' });
    await callOn(backend, 'staff.resetPin', { staffId: clerk!.id, pin: '8024' });
    expect((await tiles()).map((t) => [t.name, t.demoPin])).toEqual([
      ['Chris Clerk', null],
      ['Maria Manager', '2468'],
    ]);
    await callOn(backend, 'session.signOut');
  });

  it('are hashed at the cheapest allowed cost, and a sign-in does not raise them', async () => {
    expect(backend.environment).toBe('demo');
    expect(costs()).toEqual([
      ['Chris Clerk', MIN_SCRYPT_N],
      ['Maria Manager', MIN_SCRYPT_N],
    ]);
    const staff = await callOn<Array<{ id: string; name: string }>>(backend, 'staff.list');
    const manager = staff.find((member) => member.name === 'Maria Manager')!;
    await callOn(backend, 'session.signIn', { staffId: manager.id, pin: '2468' });
    // The sign-in made the Demo's vault: its wrap is stretched at the same cost.
    await callOn(backend, 'app.credentials');
    const vault = JSON.parse(fs.readFileSync(path.join(backend.dataDir, 'secrets.json'), 'utf8'));
    const wraps = Object.values(vault.environments.demo.wraps) as Array<{ N: number }>;
    expect(wraps.map((wrap) => wrap.N)).toEqual([MIN_SCRYPT_N]);
    expect(costs()).toEqual([
      ['Chris Clerk', MIN_SCRYPT_N],
      ['Maria Manager', MIN_SCRYPT_N],
    ]);
  });
});
