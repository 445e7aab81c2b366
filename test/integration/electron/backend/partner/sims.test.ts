// The per-eSIM reads over real HTTP against the sandbox, parsed by the shared schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient, type PartnerClient } from '../../../../../electron/backend/partner/client.ts';
import { getDevices } from '../../../../../electron/backend/partner/devices.ts';
import { PartnerError } from '../../../../../electron/backend/partner/errors.ts';
import { getInstructions, getTopupOptions, getUsage } from '../../../../../electron/backend/partner/sims.ts';
import { MemorySecretStore } from '../../../../../electron/backend/secrets/secrets.ts';
import { order, packagesOf, startApi, type Api } from '../../sandbox/helpers.ts';

let api: Api;
let partner: PartnerClient;
let iccid: string;
let topupIds: string[];

beforeAll(async () => {
  api = await startApi();
  partner = createPartnerClient({
    baseUrl: api.url,
    clientId: api.sandbox.clientId,
    clientSecret: api.sandbox.clientSecret,
    secrets: new MemorySecretStore(),
  });
  const { sims, topups } = await packagesOf(api, 'JP');
  topupIds = topups.map((t) => t.id as string);
  iccid = (await order(api, sims[0].id)).sims[0]!.iccid;
});
afterAll(() => api.close());

describe('sims operations', () => {
  it('reads usage once, then meets the 429 with its wait', async () => {
    expect(await getUsage(partner, iccid)).toMatchObject({ status: expect.any(String), total: expect.any(Number) });
    const refused = await getUsage(partner, iccid).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PartnerError);
    expect(refused).toMatchObject({ kind: 'rate_limited', details: { retryAfterSeconds: expect.any(Number) } });
  });

  it('lists the top-ups of the operator', async () => {
    const options = await getTopupOptions(partner, iccid);
    expect(options.data.map((p) => p.id).sort()).toEqual([...topupIds].sort());
  });

  it('asks for instructions in the language given', async () => {
    const de = await getInstructions(partner, iccid, 'de');
    expect(de.language.toLowerCase()).toBe('de');
    expect(de.ios.length + de.android.length).toBeGreaterThan(0);
  });

  it('calls an unknown ICCID not found', async () => {
    await expect(getUsage(partner, '8999000000000000001')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('reads the lite device list', async () => {
    const devices = await getDevices(partner);
    expect(devices.length).toBeGreaterThan(100);
    expect(devices.every((d) => d.model === null && d.name === d.name.trim())).toBe(true);
  });
});
